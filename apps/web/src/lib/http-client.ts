import { CODE, CODE_TEXT, type Envelope, type PageEnvelope } from '@portal/domain/codes';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MSG } from '@portal/domain/idempotency';
import { MSG } from '@portal/domain/messages';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { DUPLICATE_LOCK_RELEASE_MS, REQUEST_TIMEOUT_MS, SIGN_KEY } from '../config/env';
import { ApiError, DuplicateRequestError } from './api-error';
import { createActionKeys } from './idempotency-keys';
import { notifier } from './notifier';
import { saveBlob, filenameFromDisposition } from './save-blob';

/** `e`, marked as already told to the user when `shown` (see ApiError.shown). */
const told = <E extends ApiError>(e: E, shown: boolean): E => Object.assign(e, { shown });

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Do not toast failures (the caller maps them onto its form); the 401 login prompt still runs. */
  silent?: boolean;
  /** Reject a duplicate while an identical request runs. Default: on for page() and POST. */
  lock?: boolean;
  /** Send an Idempotency-Key, one per user action (decision 128): every request that creates or moves money or an order. */
  idempotent?: boolean;
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** Value of the role header: 'manufacturer' for the portal, 'platform' for the console. */
  role: string;
  token: { get(): string; clear(): void };
  /** Hash-router path of the sign-in screen the 401 prompt leads to. */
  loginHref: () => string;
}

export interface UploadOptions {
  query?: Query;
  field?: string;
  onProgress?: (percent: number) => void;
  silent?: boolean;
  signal?: AbortSignal;
  /** Idempotency-Key of the action (decision 128): an upload that creates orders sends one per chosen file. */
  idempotencyKey?: string;
}

/** Query string as sent (and signed): empty values dropped, arrays comma-joined. */
export function buildQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.append(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return params.toString();
}

export function signedHeaders(role: string, token: string, method: string, path: string, rawQuery: string, body: string): Record<string, string> {
  const timestamp = String(freshTimestamp());
  return {
    role,
    token,
    timestamp,
    signature: sign(SIGN_KEY, { method, path, rawQuery, timestamp, token, body }),
  };
}

export function createHttpClient(client: ClientOptions) {
  const locks = new Set<string>();
  const actionKeys = createActionKeys(DUPLICATE_LOCK_RELEASE_MS);
  let loginPromptOpen = false;

  function toast(text: string) {
    notifier().message.error(text);
  }

  function promptLogin() {
    client.token.clear();
    if (loginPromptOpen) return;
    loginPromptOpen = true;
    notifier().modal.confirm({
      title: MSG.systemTip,
      content: MSG.notLoggedIn,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      onOk: () => {
        window.location.hash = `#${client.loginHref()}`;
      },
      afterClose: () => {
        loginPromptOpen = false;
      },
    });
  }

  /** Spec 01 §8 body codes: 200 passes, everything else is shown (unless silent) and thrown. */
  function checkBody<T extends { code: number; msg?: string; data?: unknown }>(json: T, silent: boolean): T {
    if (json.code === CODE.ok) return json;
    if (json.code === CODE.unauthorized) {
      promptLogin();
      throw told(new ApiError(json.code, MSG.notLoggedIn), true);
    }
    const text = json.code === CODE.badRequest ? json.msg || MSG.apiError : (CODE_TEXT[json.code] ?? MSG.otherError);
    if (!silent) toast(text);
    throw told(new ApiError(json.code, text, 200, json.data ?? null), !silent);
  }

  /** Spec 01 §8 HTTP level: 500/422 show the server message, 404 a maintenance text, 401 nothing. */
  async function httpFailure(res: Response, silent: boolean): Promise<never> {
    let serverMsg = '';
    try {
      const text = await res.text();
      try {
        serverMsg = (JSON.parse(text) as { msg?: string; message?: string }).msg ?? '';
      } catch {
        serverMsg = text.slice(0, 200);
      }
    } catch {
      serverMsg = '';
    }
    let shown: string = MSG.otherError;
    if (res.status === 500 || res.status === 422) shown = serverMsg || MSG.serverError;
    else if (res.status === 404) shown = MSG.systemUpdating;
    if (res.status !== 401 && !silent) toast(shown);
    throw told(new ApiError(res.status, shown, res.status), res.status !== 401 && !silent);
  }

  async function send(method: string, path: string, opts: RequestOptions, accept: 'json' | 'blob', idempotencyKey?: string): Promise<Response> {
    const rawQuery = buildQuery(opts.query);
    const bodyText = opts.body === undefined ? '' : JSON.stringify(opts.body);
    const headers = signedHeaders(client.role, client.token.get(), method, path, rawQuery, bodyText);
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    if (bodyText) headers['content-type'] = 'application/json';
    headers.accept = accept === 'json' ? 'application/json' : '*/*';

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
    try {
      return await fetch(rawQuery ? `${path}?${rawQuery}` : path, { method, headers, body: bodyText || undefined, signal });
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      const text = timeout.signal.aborted ? '请求超时，请稍后再试' : MSG.otherError;
      if (!opts.silent) toast(text);
      throw told(new ApiError(-1, text, 0), !opts.silent);
    } finally {
      clearTimeout(timer);
    }
  }

  async function withLock<T>(key: string, enabled: boolean, run: () => Promise<T>): Promise<T> {
    if (!enabled) return run();
    // The first of the two is answered and shown; the repeat has nothing to say.
    if (locks.has(key)) throw told(new DuplicateRequestError(key), true);
    locks.add(key);
    try {
      return await run();
    } finally {
      setTimeout(() => locks.delete(key), DUPLICATE_LOCK_RELEASE_MS);
    }
  }

  async function envelope<T extends { code: number; msg?: string }>(method: string, path: string, opts: RequestOptions, lockByDefault: boolean): Promise<T> {
    const key = `${method} ${path}?${buildQuery(opts.query)}${method === 'GET' ? '' : ` ${JSON.stringify(opts.body ?? null)}`}`;
    // The action's key is kept through network errors, timeouts, server errors and 请求处理中 (the
    // retry must carry it); any other answer ends the action.
    const idemKey = opts.idempotent ? actionKeys.keyFor(key) : undefined;
    return withLock(key, opts.lock ?? lockByDefault, async () => {
      const res = await send(method, path, opts, 'json', idemKey);
      if (!res.ok) {
        if (idemKey && res.status < 500) actionKeys.settle(key, idemKey);
        return httpFailure(res, !!opts.silent);
      }
      let json: T;
      try {
        json = (await res.json()) as T;
      } catch {
        if (!opts.silent) toast(MSG.otherError);
        throw told(new ApiError(-1, MSG.otherError, res.status), !opts.silent);
      }
      if (idemKey && json.msg !== IDEMPOTENCY_MSG.inProgress) actionKeys.settle(key, idemKey);
      return checkBody(json, !!opts.silent);
    });
  }

  async function get<T = unknown>(path: string, opts: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return (await envelope<Envelope<T>>('GET', path, opts, false)).data as T;
  }

  async function post<T = unknown>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return (await envelope<Envelope<T>>('POST', path, { ...opts, body }, true)).data as T;
  }

  /** A paged list: `{rows, total, totalBounded}` from GET (query carries pageNum/pageSize and filters). */
  async function page<T = unknown>(path: string, query: Query = {}, opts: Omit<RequestOptions, 'body' | 'query'> = {}) {
    const json = await envelope<PageEnvelope<T>>('GET', path, { ...opts, query }, true);
    return { rows: json.rows ?? [], total: json.total ?? 0, totalBounded: json.totalBounded === true };
  }

  /** POST download (spec 01 §7): blob answer saved under the server's filename or the fallback. */
  async function download(path: string, body: unknown, filenameFallback: string): Promise<void> {
    const hide = notifier().message.loading(MSG.downloading, 0);
    try {
      const res = await send('POST', path, { body, silent: true }, 'blob');
      if (!res.ok) throw new ApiError(res.status, MSG.downloadFailed, res.status);
      const blob = await res.blob();
      if (blob.type.includes('application/json')) {
        const json = JSON.parse(await blob.text()) as Envelope;
        if (json.code === CODE.unauthorized) {
          promptLogin();
          throw new ApiError(json.code, MSG.notLoggedIn);
        }
        const text = `${json.code} ${json.msg || CODE_TEXT[json.code] || MSG.downloadFailed}`;
        toast(text);
        throw new ApiError(json.code, text);
      }
      saveBlob(blob, filenameFromDisposition(res.headers.get('content-disposition')) || filenameFallback);
    } catch (e) {
      if (!(e instanceof ApiError) || e.message === MSG.downloadFailed || e.code === -1) toast(MSG.downloadFailed);
      // Every failed download has been shown: the prompt, its message or 下载失败.
      throw e instanceof ApiError ? told(e, true) : e;
    } finally {
      hide();
    }
  }

  /** Multipart upload with progress; signed with an empty body hash, plus the bearer header. */
  function upload<T = { fileName: string; fileUrl: string }>(path: string, file: Blob, opts: UploadOptions = {}): Promise<T> {
    const rawQuery = buildQuery(opts.query);
    const token = client.token.get();
    const headers = signedHeaders(client.role, token, 'POST', path, rawQuery, '');
    const form = new FormData();
    form.append(opts.field ?? 'file', file, file instanceof File ? file.name : 'file');
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', rawQuery ? `${path}?${rawQuery}` : path);
      xhr.timeout = REQUEST_TIMEOUT_MS;
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      if (opts.idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_HEADER, opts.idempotencyKey);
      xhr.upload.onprogress = (ev) => {
        if (ev.lengthComputable) opts.onProgress?.(Math.round((ev.loaded / ev.total) * 100));
      };
      const fail = (text: string, status = 0) => {
        if (!opts.silent) toast(text);
        reject(told(new ApiError(-1, text, status), !opts.silent));
      };
      xhr.onerror = () => fail(MSG.uploadFailed);
      xhr.ontimeout = () => fail(MSG.uploadFailed);
      xhr.onabort = () => reject(new ApiError(-1, MSG.uploadFailed, 0));
      opts.signal?.addEventListener('abort', () => xhr.abort());
      xhr.onload = () => {
        const res = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
        if (!res.ok) {
          httpFailure(res, !!opts.silent).catch(reject);
          return;
        }
        try {
          const json = JSON.parse(xhr.responseText) as Envelope<T>;
          checkBody(json, !!opts.silent);
          if (!json.data) return fail(MSG.uploadFailed, xhr.status);
          resolve(json.data);
        } catch (e) {
          if (e instanceof ApiError) reject(e);
          else fail(MSG.uploadFailed, xhr.status);
        }
      };
      xhr.send(form);
    });
  }

  return { get, post, page, download, upload };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
