import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { PLATFORM_API } from '@portal/domain/api-paths';
import type { operatorInfo } from '@portal/domain/contract/access';
import type { slaTargetsAnswer } from '@portal/domain/contract/notifications';
import type { slaTargetsBody } from '@portal/domain/sla';
import { platformHttp } from '../lib/platform-request';
import { consoleKeys } from './keys';

export type Operator = z.infer<typeof operatorInfo>;
export type SlaTargetsAnswer = z.infer<typeof slaTargetsAnswer>;

/** GET /api/platform/me: the signed-in operator (off without a console token). */
export const operatorQuery = (token: string) =>
  queryOptions({ queryKey: [...consoleKeys.me, token], queryFn: () => platformHttp.get<Operator>(PLATFORM_API.me), enabled: !!token });

/** GET the platform-wide timeliness targets (issue 19). */
export const slaTargetsQuery = () => queryOptions({ queryKey: consoleKeys.slaTargets, queryFn: () => platformHttp.get<SlaTargetsAnswer>(PLATFORM_API.slaTargets) });

/** POST the targets (`slaTargetsBody`); the answer is the saved targets, put straight into the query. */
export function useSaveSlaTargets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (t: z.input<typeof slaTargetsBody>) => platformHttp.post<SlaTargetsAnswer>(PLATFORM_API.slaTargets, t),
    onSuccess: (t) => qc.setQueryData(slaTargetsQuery().queryKey, t),
  });
}

/** POST /api/platform/quit (silent: the console forgets its token whatever the answer). */
export const operatorQuit = () => platformHttp.post<null>(PLATFORM_API.quit, undefined, { silent: true });
