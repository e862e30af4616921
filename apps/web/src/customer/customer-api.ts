import { CUSTOMER_API, CUSTOMER_LINK_HEADER } from '@portal/domain/customer-page';
import type { CustomerView } from '@portal/domain/contract/customer-page';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { SIGN_KEY } from '../config/env';

// The customer's page talks to the server through these few calls only: signed as every call is,
// the link's token (from the address's fragment) in its own header. No session, no storage.

export type { CustomerView };

/** A refusal with the server's Chinese message (or a network failure's). */
export class CustomerApiError extends Error {}

const NETWORK = '网络不稳定，请稍后重试';

async function send<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown, form?: FormData): Promise<{ data: T; msg: string }> {
  const json = form ? '' : body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(freshTimestamp());
  const headers: Record<string, string> = {
    role: 'manufacturer',
    token: '',
    timestamp,
    signature: sign(SIGN_KEY, { method, path, rawQuery: '', timestamp, token: '', body: json }),
    [CUSTOMER_LINK_HEADER]: token,
  };
  if (json) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: form ?? (json || undefined), cache: 'no-store', credentials: 'omit' });
  } catch {
    throw new CustomerApiError(NETWORK);
  }
  const answer = (await res.json().catch(() => null)) as { code: number; msg: string; data: T } | null;
  if (!answer) throw new CustomerApiError(NETWORK);
  if (answer.code !== 200) throw new CustomerApiError(answer.msg || NETWORK);
  return { data: answer.data, msg: answer.msg };
}

export const customerApi = (token: string) => ({
  view: () => send<CustomerView>(token, 'GET', CUSTOMER_API.view).then((r) => r.data),
  confirm: () => send<null>(token, 'POST', CUSTOMER_API.confirm, {}),
  reschedule: (body: { date: string; slot: string; reason: string }) => send<null>(token, 'POST', CUSTOMER_API.reschedule, body),
  rate: (body: { score: number; tags: string[]; comment: string; photos: string[] }) => send<null>(token, 'POST', CUSTOMER_API.rate, body),
  problem: (body: { reason: string; description: string; photos: string[] }) => send<null>(token, 'POST', CUSTOMER_API.problem, body),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return send<{ fileUrl: string; url: string }>(token, 'POST', CUSTOMER_API.upload, undefined, form).then((r) => r.data);
  },
});
export type CustomerApi = ReturnType<typeof customerApi>;
