import { BellOutlined } from '@ant-design/icons';
import type { NotificationRow } from '@portal/domain/notifications';
import { Badge, Button, Drawer, Empty, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useLiveNotifications } from '../api/use-live-notifications';
import { useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';
import { NotificationItem } from './notification-item';
import './notifications.css';

const DRAWER_SIZE = 20;

/**
 * The header's bell (issue 19): the unread count, kept live by the stream (polling when it is down),
 * and a drawer of the newest notifications. Opening one marks it read and goes where `hrefOf` says
 * (its order); the screen composing this passes the navigation (features do not know routes).
 */
export function NotificationBell({ onOpen, allHref, navigate }: { onOpen: (n: NotificationRow) => string; allHref: string; navigate: (to: string) => void }) {
  const [open, setOpen] = useState(false);
  const live = useLiveNotifications(true);
  const unread = useUnreadCount();
  const list = useNotifications({ pageNum: 1, pageSize: DRAWER_SIZE }, open);
  const mark = useMarkRead();
  const count = unread.data ?? 0;

  const openOne = (n: NotificationRow) => {
    if (!n.read) mark.mutate({ ids: [n.id] });
    setOpen(false);
    navigate(onOpen(n));
  };

  return (
    <>
      <Badge count={count} overflowCount={99} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={count ? `通知，${count}条未读` : '通知'}
          data-testid="notification-bell"
          data-unread={count}
          data-live={live ? '1' : '0'}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Drawer
        title={
          <Space>
            <span>消息通知</span>
            {count > 0 && <Typography.Text type="secondary">{count}条未读</Typography.Text>}
          </Space>
        }
        open={open}
        onClose={() => setOpen(false)}
        size={420}
        extra={
          <Space>
            <Button size="small" disabled={!count} onClick={() => mark.mutate({ all: true })} data-action="read-all">
              全部已读
            </Button>
            <Button
              size="small"
              type="link"
              onClick={() => {
                setOpen(false);
                navigate(allHref);
              }}
            >
              查看全部
            </Button>
          </Space>
        }
      >
        {list.isLoading ? (
          <Spin />
        ) : list.data?.rows.length ? (
          <div className="notice-list" data-testid="notification-drawer">
            {list.data.rows.map((n) => (
              <NotificationItem key={n.id} n={n} onOpen={openOne} />
            ))}
          </div>
        ) : (
          <Empty description="暂无通知" />
        )}
      </Drawer>
    </>
  );
}
