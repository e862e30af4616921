import { API } from '@portal/domain/api-paths';
import { http } from './request';

export interface ConfigEntry {
  configKey: string;
  configName: string;
  configValue: string;
}

/**
 * GET /api/app/config/{key}: a missing key is not an error worth a toast (the widget just hides).
 * Apart from site-config.ts so the sign-in screens and the chat script load no TanStack Query (decision 183).
 */
export const getConfig = (key: string) => http.get<ConfigEntry>(API.config(key), { silent: true });
