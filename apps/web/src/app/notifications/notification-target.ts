import type { NotificationRow } from '@portal/domain/notifications';
import { paths } from '../../config/paths';

/** Where a notification opens: its order's detail, or the wallet's records for a top-up. */
export const notificationTarget = (n: NotificationRow) => (n.orderId ? paths.manage.orderDetail.getHref(n.orderId) : paths.manage.account.getHref());
