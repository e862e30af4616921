import { App, Button, Drawer, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { INTEGRATION_MSG, webhookDeliveryLabel, webhookEventLabel, webhookPhaseLabel, type WebhookDeliveryRow, type WebhookRow } from '@portal/domain/integrations';
import { MSG } from '@portal/domain/messages';
import { useRedeliverWebhook } from '../api/redeliver-webhook';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { usePaging } from '../../../lib/paging';

const STATUS_COLOR: Record<string, string> = { queued: 'default', sending: 'processing', retry: 'warning', delivered: 'success', failed: 'error' };

/** A pending row says where it stands (decision 297): 待发送, 发送中, or 等待重试 after a failed attempt. */
const stateOf = (row: WebhookDeliveryRow) => (row.status === 'pending' && row.phase ? row.phase : row.status);
const stateLabel = (row: WebhookDeliveryRow) => (row.status === 'pending' && row.phase ? webhookPhaseLabel(row.phase) : webhookDeliveryLabel(row.status));

const pretty = (payload: string) => {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
};

/** 发送记录 of one endpoint: each event's deliveries with status codes, attempts, payload; redeliver. */
export function WebhookDeliveries({ endpoint, onClose }: { endpoint: WebhookRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const paging = usePaging(10);
  const list = useWebhookDeliveries(endpoint?.id ?? null, paging.pageNum, paging.pageSize);
  const redeliver = useRedeliverWebhook();

  const columns: TableColumnsType<WebhookDeliveryRow> = [
    { title: '时间', dataIndex: 'createdAt', width: 165 },
    { title: '事件', dataIndex: 'eventType', width: 110, render: (v: string) => webhookEventLabel(v) },
    { title: '事件ID', dataIndex: 'messageId', width: 260, render: (v: string) => <Typography.Text className="int-mono int-mono--whole" copyable={{ text: v }}>{v}</Typography.Text> },
    { title: '状态', dataIndex: 'status', width: 90, render: (_, row) => <Tag color={STATUS_COLOR[stateOf(row)]}>{stateLabel(row)}</Tag> },
    { title: '状态码', dataIndex: 'lastStatus', width: 75, render: (v: number | null) => v ?? '—' },
    { title: '尝试', dataIndex: 'attempts', width: 60 },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, row) =>
        row.status === 'pending' ? (
          <Typography.Text type="secondary">{row.phase === 'retry' && row.nextAt ? `${row.nextAt.slice(11)} 重试` : '—'}</Typography.Text>
        ) : (
          <Button
            type="link"
            size="small"
            onClick={async () => {
              try {
                await redeliver.mutateAsync(row.id);
                message.success(INTEGRATION_MSG.redeliverQueued);
              } catch {
                // shown by the request layer
              }
            }}
          >
            重新发送
          </Button>
        ),
    },
  ];

  return (
    <Drawer title={`发送记录 · ${endpoint?.url ?? ''}`} open={endpoint !== null} onClose={onClose} size={1000} destroyOnHidden>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0)}
        expandable={{
          expandedRowRender: (row) => (
            <div>
              {row.attemptLog.map((a, i) => (
                <div key={i} className={a.error ? 'int-attempt int-attempt--failed' : 'int-attempt'}>
                  第{i + 1}次 {a.at} · {a.statusCode === null ? '未收到状态码' : `状态码 ${a.statusCode}`} · {a.durationMs} ms · {a.error ?? '已送达'}
                </div>
              ))}
              {row.phase === 'retry' && row.nextAt ? <div className="int-mono">下次尝试：{row.nextAt}</div> : null}
              <pre className="int-payload">{pretty(row.payload)}</pre>
            </div>
          ),
        }}
      />
    </Drawer>
  );
}
