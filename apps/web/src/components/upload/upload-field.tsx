import { DeleteOutlined, FileOutlined, PlayCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Spin, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_MAX_FILES, DEFAULT_UPLOAD_TYPES } from '@portal/domain/files';
import { MSG } from '@portal/domain/messages';
import type { UploadDir } from '@portal/domain/uploads';
import { notifier } from '../../lib/notifier';
import { ApiError, type UploadedFile } from '../../lib/request';
import { VENDOR_UPLOADS, cloudUpload, type UploadVia } from './cloud-upload';
import { useFilePreview } from './file-preview';
import { rememberLocalCopy, usesCloudStorage } from './image-root';
import { countError, sizeError, typeError } from './upload-rules';
import { itemOf, itemsOf, valueOf, type UploadItem, type UploadValue } from './upload-value';
import './upload-field.css';

/**
 * The shared upload widget (spec 01 §§3–5). Use it as an antd Form field:
 *
 *   <Form.Item name="license"><UploadField dir="license" maxCount={1} /></Form.Item>
 *   <Form.Item name="videos"><UploadField dir="product" types={VIDEO_EXT} maxSizeMB={200} /></Form.Item>
 *   <Form.Item name="drawings"><UploadField dir="product" types={['pdf','png','jpg']} keyName="url" display="list" /></Form.Item>
 *
 * Props:
 * - `dir`       server folder (`?type=` of the upload call; see @portal/domain/uploads UPLOAD_DIRS)
 * - `types`     allowed extensions; default png, jpg, jpeg. Pass `[]` to accept any image mime type.
 * - `maxSizeMB` a file must be smaller than this; without it pictures < 10 MB and videos < 500 MB
 * - `maxCount`  most files in the value; default 5
 * - `value`     a comma-separated string of paths with the image root removed ('/a/b.png,/c/d.png'),
 *               or, when `keyName` is set, an array of objects whose `keyName` property is the path
 *               (other properties of each object are kept)
 * - `onChange`  emitted once per finished batch, and on delete
 * - `display`   'cards' (thumbnails, default) or 'list' (file names; documents)
 * - `disabled`  read-only: preview only
 * - `via`       client and routes to upload through (default the vendor's; the console passes its own)
 *
 * Batches: every picked file is checked first (type, size, count) and refused files are dropped
 * with the spec message. Accepted files upload in parallel behind the overlay 正在上传图片，请稍候...
 * with a progress percentage; when finished uploads equal started ones the list updates and one
 * change is emitted. A response without data shows 上传图片失败，请重试 and restores the list as it
 * was; any error resets the batch and closes the overlay.
 */
export interface UploadFieldProps {
  dir?: UploadDir;
  types?: readonly string[];
  maxSizeMB?: number;
  maxCount?: number;
  keyName?: string;
  value?: UploadValue;
  onChange?: (value: UploadValue) => void;
  display?: 'cards' | 'list';
  disabled?: boolean;
  buttonText?: string;
  id?: string;
  via?: UploadVia;
}

function withLocalCopy(path: string, file: File) {
  rememberLocalCopy(path, URL.createObjectURL(file));
  return path;
}

export function UploadField({
  dir = 'common',
  types = DEFAULT_UPLOAD_TYPES,
  maxSizeMB,
  maxCount = DEFAULT_MAX_FILES,
  keyName,
  value,
  onChange,
  display = 'cards',
  disabled,
  buttonText = '上传',
  id,
  via = VENDOR_UPLOADS,
}: UploadFieldProps) {
  const [items, setItems] = useState<UploadItem[]>(() => itemsOf(value, keyName));
  const [loading, setLoading] = useState(false);
  const [percent, setPercent] = useState(0);
  const batch = useRef({ started: 0, finished: 0, pending: [] as UploadItem[], before: [] as UploadItem[], progress: new Map<File, number>(), failed: false });
  const { open, overlays } = useFilePreview(items);

  // Follow the form's value (reset, load) unless a batch is in flight.
  useEffect(() => {
    if (batch.current.started === 0) setItems(itemsOf(value, keyName));
  }, [value, keyName]);

  const reset = () => {
    batch.current = { started: 0, finished: 0, pending: [], before: [], progress: new Map(), failed: false };
    setLoading(false);
    setPercent(0);
  };

  const emit = (next: UploadItem[]) => {
    setItems(next);
    onChange?.(valueOf(next, keyName));
  };

  const trackProgress = (file: File, p: number) => {
    const b = batch.current;
    b.progress.set(file, p);
    const total = [...b.progress.values()].reduce((s, v) => s + v, 0);
    setPercent(Math.round(total / Math.max(1, b.started)));
  };

  async function send(file: File) {
    const b = batch.current;
    try {
      // The server answers a signed url to show the file; a cloud key is shown from the browser's own copy.
      const path = usesCloudStorage()
        ? withLocalCopy(await cloudUpload(file, dir, (p) => trackProgress(file, p), via), file)
        : (await via.client.upload<UploadedFile>(via.uploadPath, file, { query: { type: dir }, silent: true, onProgress: (p) => trackProgress(file, p) }))?.url;
      if (b !== batch.current || b.failed) return;
      if (!path) {
        // An answer without data: drop the whole batch and show the list as it was.
        notifier().message.error(MSG.uploadFailed);
        setItems(b.before);
        reset();
        return;
      }
      b.pending.push(itemOf(path));
      b.finished += 1;
      if (b.finished === b.started) {
        const next = [...b.before, ...b.pending].slice(0, maxCount);
        reset();
        emit(next);
      }
    } catch (e) {
      if (b !== batch.current || b.failed) return;
      b.failed = true;
      // The token failure was already shown as 无法获取ossToken!; a refusal shows the server's message.
      if (e instanceof ApiError) notifier().message.error(e.code === 401 ? MSG.notLoggedIn : e.message || MSG.uploadFailed);
      else if (!(e instanceof Error && e.message === MSG.ossTokenFailed)) notifier().message.error(MSG.uploadFailed);
      setItems(b.before);
      reset();
    }
  }

  const beforeUpload: UploadProps['beforeUpload'] = (file, picked) => {
    // The count is checked once for the whole pick, against what the list already holds.
    if (file === picked[0]) {
      const err = countError(items.length + batch.current.started, picked.length, maxCount);
      if (err) {
        notifier().message.error(err);
        (picked as unknown as { refused?: boolean }).refused = true;
      }
    }
    if ((picked as unknown as { refused?: boolean }).refused) return Upload.LIST_IGNORE;
    const err = typeError(file, types) ?? sizeError(file, maxSizeMB);
    if (err) {
      notifier().message.error(err);
      return Upload.LIST_IGNORE;
    }
    const b = batch.current;
    if (b.started === 0) b.before = items;
    b.started += 1;
    setLoading(true);
    void send(file);
    return Upload.LIST_IGNORE;
  };

  const remove = (item: UploadItem) => emit(items.filter((i) => i !== item));
  const accept = types.length ? types.map((t) => `.${t}`).join(',') : 'image/*';
  const full = items.length >= maxCount;

  const trigger =
    display === 'cards' ? (
      <div className="upload-field__card upload-field__add" role="button" aria-label={buttonText}>
        <PlusOutlined />
        <span>{buttonText}</span>
      </div>
    ) : (
      <Button icon={<UploadOutlined />}>{buttonText}</Button>
    );

  return (
    <div className={`upload-field upload-field--${display}`} id={id}>
      {items.map((item, index) =>
        display === 'cards' ? (
          <div className="upload-field__card" key={`${item.value}-${index}`} data-testid="upload-item">
            <button type="button" className="upload-field__thumb" onClick={() => open(item)} title={item.name}>
              {item.type === 'picture' && <img src={item.url} alt={item.name} />}
              {item.type === 'video' && (
                <>
                  {item.url !== item.value ? <img src={item.url} alt={item.name} /> : <video src={item.value} preload="metadata" muted />}
                  <PlayCircleOutlined className="upload-field__play" />
                </>
              )}
              {item.type === 'file' && (
                <span className="upload-field__doc">
                  <FileOutlined />
                  <span>{item.name}</span>
                </span>
              )}
            </button>
            {!disabled && (
              <button type="button" className="upload-field__remove" aria-label="删除" onClick={() => remove(item)}>
                <DeleteOutlined />
              </button>
            )}
          </div>
        ) : (
          <div className="upload-field__row" key={`${item.value}-${index}`} data-testid="upload-item">
            <FileOutlined />
            <a onClick={() => open(item)} title={item.name}>
              {item.name}
            </a>
            {!disabled && <DeleteOutlined className="upload-field__row-remove" aria-label="删除" onClick={() => remove(item)} />}
          </div>
        ),
      )}
      {!disabled && !full && (
        <Upload accept={accept} multiple={maxCount > 1} showUploadList={false} beforeUpload={beforeUpload} disabled={loading}>
          {trigger}
        </Upload>
      )}
      <Spin fullscreen spinning={loading} description={percent > 0 && percent < 100 ? `${MSG.uploading} ${percent}%` : MSG.uploading} percent={percent > 0 ? percent : undefined} />
      {overlays}
    </div>
  );
}
