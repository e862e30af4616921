import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CODE_TEXT } from '@portal/domain/codes';
import { MSG } from '@portal/domain/messages';
import { DEFAULT_SIGN_KEY, sign } from '@portal/domain/signature';
import { DUPLICATE_LOCK_RELEASE_MS, STORAGE_KEYS } from '../config/env';

// The vendor request layer (spec 01 §§7–8) with fetch, the toasts/modal and the file save replaced.

const ui = vi.hoisted(() => ({
  error: vi.fn(),
  loading: vi.fn(() => () => undefined),
  confirm: vi.fn(),
}));
vi.mock('./notifier', () => ({
  notifier: () => ({ message: { error: ui.error, loading: ui.loading }, modal: { confirm: ui.confirm }, notification: {} }),
}));
const saved = vi.hoisted(() => vi.fn());
vi.mock('./save-blob', async (importOriginal) => ({ ...(await importOriginal<typeof import('./save-blob')>()), saveBlob: saved }));

const { http, ApiError, DuplicateRequestError } = await import('./request');

type Answer = { status?: number; body?: unknown; text?: string; headers?: Record<string, string>; blob?: Blob };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const answer = (a: Answer) =>
  a.blob
    ? new Response(a.blob, { status: a.status ?? 200, headers: a.headers })
    : new Response(a.text ?? JSON.stringify(a.body ?? { code: 200, msg: '操作成功', data: null }), {
        status: a.status ?? 200,
        headers: { 'content-type': 'application/json', ...a.headers },
      });
const answerWith = (a: Answer) => fetchMock.mockImplementation(async () => answer(a));

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok-123');
  fetchMock.mockReset();
  answerWith({});
  vi.stubGlobal('fetch', fetchMock);
  ui.error.mockClear();
  ui.confirm.mockClear();
  saved.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const headersOf = (call = 0) => fetchMock.mock.calls[call]![1].headers as Record<string, string>;

describe('headers and signature', () => {
  test('a GET carries role, token, timestamp and the HMAC of method, path, sorted query, timestamp, token and body', async () => {
    await http.get('/api/app/demo', { query: { b: 2, a: 'x y', empty: '', none: undefined, list: [1, 2] } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/app/demo?b=2&a=x+y&list=1%2C2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    const h = headersOf();
    expect(h.role).toBe('manufacturer');
    expect(h.token).toBe('tok-123');
    expect(h.accept).toBe('application/json');
    expect(h['content-type']).toBeUndefined();
    expect(Math.abs(Number(h.timestamp) - Date.now())).toBeLessThan(5_000);
    const expected = sign(DEFAULT_SIGN_KEY, { method: 'GET', path: '/api/app/demo', rawQuery: 'b=2&a=x+y&list=1%2C2', timestamp: h.timestamp!, token: 'tok-123', body: '' });
    expect(h.signature).toBe(expected);
  });

  test('a POST signs its JSON body text and declares it', async () => {
    await http.post('/api/app/demo', { id: 7, name: '空调' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe('{"id":7,"name":"空调"}');
    const h = headersOf();
    expect(h['content-type']).toBe('application/json');
    expect(h.signature).toBe(sign(DEFAULT_SIGN_KEY, { method: 'POST', path: '/api/app/demo', rawQuery: '', timestamp: h.timestamp!, token: 'tok-123', body: '{"id":7,"name":"空调"}' }));
  });

  test('without a session the token header is empty', async () => {
    localStorage.removeItem(STORAGE_KEYS.token);
    await http.get('/api/common/x');
    expect(headersOf().token).toBe('');
  });
});

describe('duplicate lock', () => {
  test('an identical POST is refused while the first runs and for 200 ms after it completes, then allowed', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    fetchMock.mockImplementationOnce(() => new Promise((r) => (release = () => r(answer({})))));
    const first = http.post('/api/app/order/cancel', { id: 1 });
    await expect(http.post('/api/app/order/cancel', { id: 1 })).rejects.toBeInstanceOf(DuplicateRequestError);
    // A different body is a different request.
    await expect(http.post('/api/app/order/cancel', { id: 2 })).resolves.toBeNull();
    release();
    await first;
    await vi.advanceTimersByTimeAsync(DUPLICATE_LOCK_RELEASE_MS - 1);
    await expect(http.post('/api/app/order/cancel', { id: 1 })).rejects.toBeInstanceOf(DuplicateRequestError);
    await vi.advanceTimersByTimeAsync(1);
    await expect(http.post('/api/app/order/cancel', { id: 1 })).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  test('the lock is released after a failure too; GETs are not locked unless asked', async () => {
    vi.useFakeTimers();
    answerWith({ body: { code: 500, msg: '' } });
    await expect(http.post('/api/app/x', {})).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(DUPLICATE_LOCK_RELEASE_MS);
    answerWith({});
    await expect(http.post('/api/app/x', {})).resolves.toBeNull();
    await Promise.all([http.get('/api/app/y'), http.get('/api/app/y')]);
    await expect(Promise.all([http.get('/api/app/z', { lock: true }), http.get('/api/app/z', { lock: true })])).rejects.toBeInstanceOf(DuplicateRequestError);
  });
});

describe('messages of every code', () => {
  const bodyCases: Array<[number, string, string]> = [
    [400, '手机号格式不正确', '手机号格式不正确'],
    [400, '', MSG.apiError],
    [403, '', CODE_TEXT[403]!],
    [404, '', CODE_TEXT[404]!],
    [500, '', CODE_TEXT[500]!],
    [1401, '', CODE_TEXT[1401]!],
    [999, 'x', MSG.otherError],
  ];
  test.each(bodyCases)('body code %i (msg %j) shows %s', async (code, msg, shown) => {
    answerWith({ body: { code, msg } });
    const err = await http.get('/api/app/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as InstanceType<typeof ApiError>).code).toBe(code);
    expect((err as Error).message).toBe(shown);
    expect(ui.error).toHaveBeenCalledWith(shown);
  });

  const httpCases: Array<[number, string, string]> = [
    [500, '{"msg":"数据库繁忙"}', '数据库繁忙'],
    [500, '', MSG.serverError],
    [422, '{"msg":"参数有误"}', '参数有误'],
    [404, 'not found', MSG.systemUpdating],
    [502, 'bad gateway', MSG.otherError],
  ];
  test.each(httpCases)('HTTP %i (%j) shows %s', async (status, text, shown) => {
    answerWith({ status, text });
    await expect(http.get('/api/app/x')).rejects.toThrow(shown);
    expect(ui.error).toHaveBeenCalledWith(shown);
  });

  test('HTTP 401 shows nothing; silent requests show nothing; a network failure shows the generic text', async () => {
    answerWith({ status: 401, text: '' });
    await expect(http.get('/api/app/x')).rejects.toBeInstanceOf(ApiError);
    answerWith({ body: { code: 403, msg: '' } });
    await expect(http.get('/api/app/x', { silent: true })).rejects.toThrow(CODE_TEXT[403]);
    expect(ui.error).not.toHaveBeenCalled();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/api/app/x')).rejects.toThrow(MSG.otherError);
    expect(ui.error).toHaveBeenCalledWith(MSG.otherError);
  });

  test('a page answers rows, total and totalBounded', async () => {
    answerWith({ body: { code: 200, msg: '', rows: [{ id: 1 }], total: 21, totalBounded: true } });
    await expect(http.page('/api/app/order/list', { pageNum: 1, pageSize: 10 })).resolves.toEqual({ rows: [{ id: 1 }], total: 21, totalBounded: true });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/app/order/list?pageNum=1&pageSize=10');
  });
});

describe('401 flow', () => {
  test('body code 401 clears the session and asks once to sign in; 确定 leads to the login screen', async () => {
    answerWith({ body: { code: 401, msg: '' } });
    const results = await Promise.allSettled([http.get('/api/app/a'), http.get('/api/app/b'), http.post('/api/app/c', {})]);
    for (const r of results) expect(r.status === 'rejected' && (r.reason as Error).message).toBe(MSG.notLoggedIn);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(ui.error).not.toHaveBeenCalled();
    expect(ui.confirm).toHaveBeenCalledTimes(1);
    const opts = ui.confirm.mock.calls[0]![0] as { title: string; content: string; onOk: () => void; afterClose: () => void };
    expect(opts.title).toBe(MSG.systemTip);
    expect(opts.content).toBe(MSG.notLoggedIn);
    opts.onOk();
    expect(window.location.hash).toBe('#/login?type=1');
    opts.afterClose();
    // Once closed, the next 401 asks again.
    await expect(http.get('/api/app/d')).rejects.toThrow(MSG.notLoggedIn);
    expect(ui.confirm).toHaveBeenCalledTimes(2);
    (ui.confirm.mock.calls[1]![0] as { afterClose: () => void }).afterClose();
  });
});

describe('blob downloads', () => {
  const xlsx = () => new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

  test('a file answer is saved under the server name (RFC 5987), signed as a POST with its body', async () => {
    answerWith({ blob: xlsx(), headers: { 'content-disposition': `attachment; filename="orders.xlsx"; filename*=UTF-8''${encodeURIComponent('订单导出.xlsx')}` } });
    await http.download(API.orderExport, { status: 100 }, '订单.xlsx');
    const h = headersOf();
    expect(h.accept).toBe('*/*');
    expect(h.signature).toBe(sign(DEFAULT_SIGN_KEY, { method: 'POST', path: API.orderExport, rawQuery: '', timestamp: h.timestamp!, token: 'tok-123', body: '{"status":100}' }));
    expect(saved).toHaveBeenCalledTimes(1);
    expect(saved.mock.calls[0]![1]).toBe('订单导出.xlsx');
    expect((saved.mock.calls[0]![0] as Blob).size).toBe(4);
  });

  test('without a filename the fallback is used', async () => {
    answerWith({ blob: xlsx() });
    await http.download(API.orderExport, {}, '订单.xlsx');
    expect(saved.mock.calls[0]![1]).toBe('订单.xlsx');
  });

  test('a JSON answer instead of a file shows code and message; 401 asks to sign in; HTTP failure shows 下载失败', async () => {
    answerWith({ blob: new Blob([JSON.stringify({ code: 500, msg: '导出条数超过上限' })], { type: 'application/json' }) });
    await expect(http.download(API.orderExport, {}, 'x.xlsx')).rejects.toThrow('500 导出条数超过上限');
    expect(ui.error).toHaveBeenCalledWith('500 导出条数超过上限');

    answerWith({ blob: new Blob([JSON.stringify({ code: 401, msg: '' })], { type: 'application/json' }) });
    await expect(http.download(API.orderExport, {}, 'x.xlsx')).rejects.toThrow(MSG.notLoggedIn);
    expect(ui.confirm).toHaveBeenCalledTimes(1);
    (ui.confirm.mock.calls[0]![0] as { afterClose: () => void }).afterClose();

    ui.error.mockClear();
    answerWith({ status: 500, text: 'boom' });
    await expect(http.download(API.orderExport, {}, 'x.xlsx')).rejects.toThrow(MSG.downloadFailed);
    expect(ui.error).toHaveBeenCalledWith(MSG.downloadFailed);
    expect(saved).not.toHaveBeenCalled();
  });
});
