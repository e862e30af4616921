import { ROLE } from '@portal/domain/enums';
import { API } from '@portal/domain/api-paths';
import { paths, LOGIN_TYPE } from '../config/paths';
import { createHttpClient, type UploadOptions } from './http-client';
import { vendorToken } from './token-store';

export { ApiError, DuplicateRequestError, isApiError } from './api-error';
export type { Query, RequestOptions } from './http-client';

/** The vendor portal's client (spec 01 §§7–8): role manufacturer, token from localStorage. */
export const http = createHttpClient({
  role: ROLE.manufacturer,
  token: vendorToken,
  loginHref: () => paths.login.getHref(LOGIN_TYPE.login),
});

export interface UploadedFile {
  fileName: string;
  /** the stored path */
  fileUrl: string;
  /** a short-lived signed URL to show the file (decision 121) */
  url: string;
}

/** Server-hosted upload (POST /api/common/uploadFile?type={dir}, multipart field `file`). */
export const uploadFile = (file: Blob, dir: string, opts: Omit<UploadOptions, 'query'> = {}) =>
  http.upload<UploadedFile>(API.uploadFile, file, { ...opts, query: { type: dir } });
