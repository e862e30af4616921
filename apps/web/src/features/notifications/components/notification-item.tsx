import type { NotificationRow } from '@portal/domain/notifications';
import { Tag, Typography } from 'antd';

const COLOR: Record<string, string> = {
  parts_requested: 'orange',
  completion_requested: 'orange',
  return_review: 'orange',
  praise_review: 'orange',
  topup_rejected: 'red',
  order_overdue: 'red',
  webhook_failed: 'red',
  topup_confirmed: 'green',
  after_sales_decided: 'purple',
};

/** One notification: what happened, the order number, when; unread ones carry a dot. */
export function NotificationItem({ n, onOpen }: { n: NotificationRow; onOpen: (n: NotificationRow) => void }) {
  return (
    <button type="button" className={n.read ? 'notice-item' : 'notice-item is-unread'} onClick={() => onOpen(n)} data-notification={n.id} data-type={n.type}>
      <span className="notice-item__dot" aria-label={n.read ? '已读' : '未读'} />
      <span className="notice-item__body">
        <span className="notice-item__head">
          <Tag color={COLOR[n.type] ?? 'blue'}>{n.typeName}</Tag>
          {n.orderNo && <Typography.Text className="notice-item__order">订单 {n.orderNo}</Typography.Text>}
        </span>
        <span className="notice-item__content">{n.content}</span>
        <span className="notice-item__time">{n.createTime}</span>
      </span>
    </button>
  );
}
