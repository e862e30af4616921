/** A failed call: body code (or HTTP status for transport errors) and the message shown for it. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    /** HTTP status when the failure happened at the HTTP level, else 200. */
    public readonly httpStatus = 200,
    /** The refusal's `data`, when the server sent one (e.g. a login's captchaRequired). */
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The request layer has told the user already (a toast, the sign-in prompt): the caller need not. */
  shown = false;
}

/** A second identical request while the first is still running (or within its 200 ms lock). */
export class DuplicateRequestError extends ApiError {
  constructor(key: string) {
    super(0, `重复请求已忽略: ${key}`);
    this.name = 'DuplicateRequestError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
