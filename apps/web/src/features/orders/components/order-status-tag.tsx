import { Tag } from 'antd';
import { orderStatus } from '@portal/domain/enums';

// One colour per status family, so a list reads at a glance: money (orange), waiting for a master
// (blue), work in progress (cyan/geekblue), vendor's turn (gold), done (green), closed (default), after-sales (magenta).
const STATUS_COLOR: Record<number, string> = {
  100: 'orange',
  200: 'blue',
  210: 'blue',
  300: 'geekblue',
  310: 'geekblue',
  400: 'geekblue',
  500: 'cyan',
  510: 'purple',
  600: 'gold',
  650: 'gold',
  700: 'green',
  800: 'default',
  900: 'magenta',
};

/** The tag of an order status: the only place that decides a status's colour and label. */
export function OrderStatusTag({ status }: { status: number }) {
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-status={status} style={{ marginInlineEnd: 0 }}>
      {orderStatus.label(status) || status}
    </Tag>
  );
}
