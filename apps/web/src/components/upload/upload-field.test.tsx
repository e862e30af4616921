import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_UPLOAD_TYPES } from '@portal/domain/files';
import { MSG, fileCountMessage, fileSizeMessage, fileTypeMessage } from '@portal/domain/messages';
import type { HttpClient } from '../../lib/http-client';
import type { UploadVia } from './cloud-upload';
import { countError, sizeError, typeError } from './upload-rules';

// Spec 01 §5 upload widget rules: type, size, count, and a batch that fails leaves the list as it was.

const ui = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('../../lib/notifier', () => ({ notifier: () => ({ message: { error: ui.error } }) }));
const { UploadField } = await import('./upload-field');

/** A File whose size is reported as `bytes` without allocating them. */
function fakeFile(name: string, type: string, bytes = 1024) {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
}
const MB = 1024 * 1024;

afterEach(() => {
  cleanup();
  ui.error.mockClear();
});
/** The stored paths the field handed to the form (image root removed). */
const paths = (onChange: ReturnType<typeof vi.fn>) => String(onChange.mock.calls.at(-1)?.[0]).split(',');

describe('rules', () => {
  test('type: the extension or the mime type must be one of the allowed types; without a list, an image', () => {
    expect(typeError(fakeFile('a.PNG', 'image/png'), ['png', 'jpg'])).toBeNull();
    expect(typeError(fakeFile('report', 'application/pdf'), ['pdf'])).toBeNull();
    expect(typeError(fakeFile('a.exe', 'application/octet-stream'), ['png', 'jpg'])).toBe(fileTypeMessage(['png', 'jpg']));
    expect(typeError(fakeFile('a.gif', 'image/gif'), undefined)).toBeNull();
    expect(typeError(fakeFile('a.txt', 'text/plain'), [])).toBe(fileTypeMessage(['png', 'jpg', 'jpeg']));
  });

  test('size: under the given MB; else pictures under 10 MB and videos under 500 MB', () => {
    expect(sizeError(fakeFile('a.png', 'image/png', 2 * MB - 1), 2)).toBeNull();
    expect(sizeError(fakeFile('a.png', 'image/png', 2 * MB), 2)).toBe(fileSizeMessage(2));
    expect(sizeError(fakeFile('a.jpg', 'image/jpeg', 10 * MB - 1), undefined)).toBeNull();
    expect(sizeError(fakeFile('a.jpg', 'image/jpeg', 10 * MB), undefined)).toBe(MSG.imageTooLarge);
    expect(sizeError(fakeFile('a.mp4', 'video/mp4', 499 * MB), undefined)).toBeNull();
    expect(sizeError(fakeFile('a.mp4', 'video/mp4', 500 * MB), undefined)).toBe(MSG.videoTooLarge);
    expect(sizeError(fakeFile('a.pdf', 'application/pdf', 900 * MB), undefined)).toBeNull();
  });

  test('count: what is there plus what was picked may not exceed the maximum', () => {
    expect(countError(3, 2, 5)).toBeNull();
    expect(countError(3, 3, 5)).toBe(fileCountMessage(5));
    expect(countError(0, 6, 5)).toBe(fileCountMessage(5));
  });
});

describe('UploadField', () => {
  function setup(upload: (file: Blob) => Promise<unknown>, props: Partial<Parameters<typeof UploadField>[0]> = {}) {
    const via: UploadVia = { client: { upload: vi.fn((_path: string, file: Blob) => upload(file)) } as unknown as HttpClient, uploadPath: '/api/common/uploadFile', tokenPath: '/api/common/ossToken' };
    const onChange = vi.fn();
    const view = render(<UploadField via={via} value="/files/old.png" onChange={onChange} {...props} />);
    const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
    return { via, onChange, input, view };
  }
  const items = () => screen.queryAllByTestId('upload-item');
  const user = userEvent.setup({ applyAccept: false });

  test('a batch that all succeeds is added once, after the last file', async () => {
    const { onChange, input } = setup(async (f) => ({ fileName: (f as File).name, fileUrl: `/files/${(f as File).name}`, url: `/files/${(f as File).name}` }));
    await user.upload(input, [fakeFile('a.png', 'image/png'), fakeFile('b.png', 'image/png')]);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(paths(onChange)).toEqual(['/old.png', '/a.png', '/b.png']);
    expect(items()).toHaveLength(3);
  });

  test('one failed file rolls the whole batch back: nothing is added and the failure is shown', async () => {
    let n = 0;
    const { onChange, input } = setup(async (f) => {
      n += 1;
      if (n === 2) throw new Error('network');
      return { fileName: (f as File).name, fileUrl: 'x', url: `/files/${(f as File).name}` };
    });
    await user.upload(input, [fakeFile('a.png', 'image/png'), fakeFile('b.png', 'image/png'), fakeFile('c.png', 'image/png')]);
    await waitFor(() => expect(ui.error).toHaveBeenCalledWith(MSG.uploadFailed));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(onChange).not.toHaveBeenCalled();
    expect(items()).toHaveLength(1);
  });

  test('an answer without a file rolls the batch back too', async () => {
    const { onChange, input } = setup(async () => null);
    await user.upload(input, [fakeFile('a.png', 'image/png')]);
    await waitFor(() => expect(ui.error).toHaveBeenCalledWith(MSG.uploadFailed));
    expect(onChange).not.toHaveBeenCalled();
    expect(items()).toHaveLength(1);
  });

  test('too many files refuses the whole pick; a wrong type or size refuses that file only', async () => {
    const ok = async (f: Blob) => ({ fileName: 'x', fileUrl: 'x', url: `/files/${(f as File).name}` });
    const many = setup(ok, { maxCount: 2 });
    await user.upload(many.input, [fakeFile('a.png', 'image/png'), fakeFile('b.png', 'image/png')]);
    expect(ui.error).toHaveBeenCalledWith(fileCountMessage(2));
    expect(many.via.client.upload).not.toHaveBeenCalled();
    many.view.unmount();

    const mixed = setup(ok, { maxSizeMB: 1 });
    await user.upload(mixed.input, [fakeFile('a.exe', 'application/x-msdownload'), fakeFile('big.png', 'image/png', 2 * MB), fakeFile('ok.png', 'image/png')]);
    await waitFor(() => expect(mixed.onChange).toHaveBeenCalledTimes(1));
    expect(paths(mixed.onChange)).toEqual(['/old.png', '/ok.png']);
    expect(ui.error).toHaveBeenCalledWith(fileTypeMessage(DEFAULT_UPLOAD_TYPES));
    expect(ui.error).toHaveBeenCalledWith(fileSizeMessage(1));
    expect(mixed.via.client.upload).toHaveBeenCalledTimes(1);
  });
});
