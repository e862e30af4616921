import { useQuery } from '@tanstack/react-query';
import { getConfig } from './config-api';

export { getConfig, type ConfigEntry } from './config-api';

export function useConfigValue(key: string) {
  const q = useQuery({ queryKey: ['site', 'config', key], queryFn: () => getConfig(key), staleTime: 10 * 60_000, retry: false });
  return { value: q.data?.configValue ?? '', loading: q.isPending };
}

/** A config value holding JSON (pc, company_contact); undefined while loading or when malformed. */
export function useJsonConfig<T>(key: string): T | undefined {
  const { value } = useConfigValue(key);
  if (!value) return undefined;
  try {
    return JSON.parse(value) as T;
  } catch {
    return undefined;
  }
}

export interface PcConfig {
  logo: string;
  /** Number of master technicians, in ten-thousands. */
  zhuanyeshifu: string;
  /** Coverage percentage. */
  zhuanyeshifufugailv: string;
}

export interface CompanyContact {
  company: string;
  address: string;
  phone: string;
  email: string;
}
