import { MSG } from './messages';

/** Body codes of the response envelope (spec 01 §8). HTTP stays 200 for all of them. */
export const CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  serverError: 500,
  badSignature: 1401,
} as const;

/** The text the web shows for a body code when the server sent none of its own. */
export const CODE_TEXT: Record<number, string> = {
  400: MSG.apiError,
  401: MSG.notLoggedIn,
  403: MSG.forbidden,
  404: MSG.notFound,
  500: MSG.serverError,
  1401: MSG.badSignature,
};

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}
export interface PageEnvelope<T = unknown> {
  code: number;
  msg: string;
  rows: T[];
  total: number;
  /** More than `total` rows match; only `total` were counted (the order list's keyword, decision 132). */
  totalBounded?: boolean;
}
