import type { WebhookFailure } from '@portal/domain/webhook-failures';
import { UrlRefused } from './ssrf';

// What went wrong with one webhook attempt, from the status or the network error (decision 296): the
// worker records webhookFailureText of it, never Node's English message.

/** An answer that did not end: the deadline passed, or the receiver closed the connection. */
export class AnswerIncomplete extends Error {
  constructor(
    readonly reason: 'timeout' | 'closed',
    /** The answer's status when its headers had arrived. */
    readonly status: number | null,
    readonly seconds: number,
  ) {
    super(reason === 'timeout' ? `no complete answer within ${seconds} s` : 'connection closed before the answer ended');
  }
}

/** Null for a 2xx (delivered). */
export function failureOfStatus(status: number): WebhookFailure | null {
  if (status >= 200 && status < 300) return null;
  return status >= 300 && status < 400 ? { kind: 'redirect', status } : { kind: 'status', status };
}

const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const UNRESOLVABLE = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const TLS = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_|ERR_SSL_|ERR_CERT_|HOSTNAME_MISMATCH$|EPROTO$)/;

/** The failure a thrown attempt stands for. */
export function failureOfError(err: unknown): WebhookFailure {
  if (err instanceof AnswerIncomplete) return err.reason === 'timeout' ? { kind: 'timeout', seconds: err.seconds, status: err.status } : { kind: 'closed', status: err.status };
  if (err instanceof UrlRefused) return err.reason === 'private' ? { kind: 'private' } : { kind: 'unresolvable' };
  const code = typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : null;
  if (code === 'ECONNREFUSED') return { kind: 'refused' };
  if (code && CLOSED.has(code)) return { kind: 'closed', status: null };
  if (code && UNRESOLVABLE.has(code)) return { kind: 'unresolvable' };
  if (code && UNREACHABLE.has(code)) return { kind: 'unreachable' };
  if (code && TLS.test(code)) return { kind: 'tls' };
  return { kind: 'other', code: code && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : null };
}
