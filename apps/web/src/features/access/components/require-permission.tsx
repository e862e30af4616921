import { Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { MSG } from '@portal/domain/messages';
import { useAccess } from '../../../lib/access';

/**
 * A screen whose data needs `perm`: until the user is known a skeleton, without the key 没有权限 —
 * and the screen's own requests are never sent (no 403 toasts for calls it cannot make).
 */
export function RequirePermission({ perm, children }: { perm: string; children: ReactNode }) {
  const { can, loading } = useAccess();
  if (loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!can(perm)) return <Result status="403" title={MSG.forbidden} />;
  return <>{children}</>;
}
