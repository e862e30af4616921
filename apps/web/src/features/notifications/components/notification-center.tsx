import { NOTIFICATION_TYPES, type NotificationRow } from '@portal/domain/notifications';
import { Button, Card, Empty, Pagination, Segmented, Select, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useMarkRead, useNotifications } from '../api/notifications';
import { NotificationItem } from './notification-item';
import './notifications.css';

const PAGE_SIZES = [10, 20, 50];
const READ_OPTIONS = [
  { value: '', label: '全部' },
  { value: '0', label: '未读' },
  { value: '1', label: '已读' },
];

/** Every notification with filters by type and read state, kept in the URL like the order list's. */
export function NotificationCenter({ onOpen, navigate }: { onOpen: (n: NotificationRow) => string; navigate: (to: string) => void }) {
  const [search, setSearch] = useSearchParams();
  const type = search.get('type') ?? '';
  const read = search.get('read') ?? '';
  const pageNum = Math.max(1, Number(search.get('pageNum')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(search.get('pageSize'))) ? Number(search.get('pageSize')) : 20;
  const list = useNotifications({ type, read, pageNum, pageSize });
  const mark = useMarkRead();

  const write = (next: { type?: string; read?: string; pageNum?: number; pageSize?: number }) => {
    const q = new URLSearchParams();
    const v = { type, read, pageNum: 1, pageSize, ...next };
    if (v.type) q.set('type', v.type);
    if (v.read) q.set('read', v.read);
    if (v.pageNum > 1) q.set('pageNum', String(v.pageNum));
    if (v.pageSize !== 20) q.set('pageSize', String(v.pageSize));
    setSearch(q);
  };
  const open = (n: NotificationRow) => {
    if (!n.read) mark.mutate({ ids: [n.id] });
    navigate(onOpen(n));
  };

  return (
    <Card>
      <div className="notice-page__bar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          消息通知
        </Typography.Title>
        <div className="notice-page__filters">
          <Select
            aria-label="通知类型"
            style={{ width: 180 }}
            value={type}
            onChange={(t) => write({ type: t })}
            options={[{ value: '', label: '全部类型' }, ...NOTIFICATION_TYPES.map((t) => ({ value: t.value, label: t.label }))]}
          />
          <Segmented aria-label="阅读状态" value={read} options={READ_OPTIONS} onChange={(r) => write({ read: String(r) })} />
          <Button onClick={() => mark.mutate({ all: true })} data-action="read-all">
            全部标为已读
          </Button>
        </div>
      </div>
      {list.isLoading ? (
        <Skeleton active />
      ) : list.data?.rows.length ? (
        <>
          <div className="notice-list" data-testid="notification-page">
            {list.data.rows.map((n) => (
              <NotificationItem key={n.id} n={n} onOpen={open} />
            ))}
          </div>
          <div className="notice-page__pager">
            <Pagination
              current={pageNum}
              pageSize={pageSize}
              total={list.data.total}
              pageSizeOptions={PAGE_SIZES}
              showSizeChanger
              showTotal={(total) => `共 ${total} 条`}
              onChange={(n, s) => write({ pageNum: s !== pageSize ? 1 : n, pageSize: s })}
            />
          </div>
        </>
      ) : (
        <Empty description="暂无通知" />
      )}
    </Card>
  );
}
