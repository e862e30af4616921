import type { NotificationRow } from '@portal/domain/notifications';
import { paths } from '../../config/paths';

/** Where a notification opens: its order's detail, 开放接口's Webhook tab for a failed push, or the wallet's records for a top-up. */
export const notificationTarget = (n: NotificationRow) =>
  n.orderId ? paths.manage.orderDetail.getHref(n.orderId) : n.type === 'webhook_failed' ? `${paths.manage.kaiFangJieKou.getHref()}?tab=webhooks` : paths.manage.account.getHref();
