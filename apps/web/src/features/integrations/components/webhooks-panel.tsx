import { EyeInvisibleOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { INTEGRATION_MSG, WEBHOOK_EVENTS, webhookEventLabel, type WebhookRow } from '@portal/domain/integrations';
import { MSG } from '@portal/domain/messages';
import { WEBHOOK_NO_REDIRECT } from '@portal/domain/webhook-failures';
import { useWebhooks } from '../api/get-webhooks';
import { useRemoveWebhook } from '../api/remove-webhook';
import { useTestWebhook } from '../api/test-webhook';
import { WebhookDialog } from './webhook-dialog';
import { WebhookDeliveries } from './webhook-deliveries';
import { useConfirm } from '../../../lib/use-confirm';

/** Every event an endpoint can subscribe to, from the dialog's own list. */
const EVENTS = WEBHOOK_EVENTS.map((e) => e.label).join('、');

function Secret({ value }: { value: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Space size={4}>
      <Typography.Text className="int-mono" copyable={{ text: value }}>
        {shown ? value : `${value.slice(0, 10)}••••••••`}
      </Typography.Text>
      <Button type="text" size="small" aria-label={shown ? '隐藏密钥' : '显示密钥'} icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />} onClick={() => setShown(!shown)} />
    </Space>
  );
}

/**
 * How the endpoint's deliveries go (decision 297): 最近推送失败 with the time and why (发送失败 when a
 * delivery was given up), 推送正常 with the last delivery, or nothing sent yet.
 */
export function EndpointHealth({ health }: { health: WebhookRow['health'] }) {
  if (health.failingSince && health.failedAt) {
    return (
      <Tooltip title={health.lastFailure}>
        <Typography.Text type="danger" className="int-health" data-health="failing">
          {health.gaveUpAt ? `推送失败，已有事件停止重试 · 最近失败 ${health.failedAt}` : `最近推送失败 ${health.failedAt}`}
        </Typography.Text>
      </Tooltip>
    );
  }
  if (health.okAt) {
    return (
      <Typography.Text type="success" className="int-health" data-health="ok">
        推送正常 · 最近送达 {health.okAt}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type="secondary" className="int-health" data-health="none">
      暂无推送
    </Typography.Text>
  );
}

/** 开放接口 → Webhook: endpoints (add/edit/remove), test event, delivery log with redelivery. */
export function WebhooksPanel() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const hooks = useWebhooks();
  const remove = useRemoveWebhook();
  const test = useTestWebhook();
  const [dialog, setDialog] = useState<{ open: boolean; editing: WebhookRow | null }>({ open: false, editing: null });
  const [log, setLog] = useState<WebhookRow | null>(null);

  const sendTest = async (row: WebhookRow) => {
    try {
      await test.mutateAsync(row.id);
      message.success(INTEGRATION_MSG.testSent);
      setLog(row);
    } catch {
      // shown by the request layer
    }
  };

  const columns: TableColumnsType<WebhookRow> = [
    {
      title: '接收地址',
      dataIndex: 'url',
      render: (v: string, row) => (
        <div className="int-endpoint">
          <Typography.Text className="int-mono int-url">{v}</Typography.Text>
          <EndpointHealth health={row.health} />
        </div>
      ),
    },
    { title: '订阅事件', dataIndex: 'events', render: (v: string[]) => v.map((e) => <Tag key={e}>{webhookEventLabel(e)}</Tag>) },
    { title: '签名密钥', dataIndex: 'secret', width: 230, render: (v: string) => <Secret value={v} /> },
    {
      title: '操作',
      key: 'op',
      width: 250,
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => sendTest(row)}>
            发送测试
          </Button>
          <Button type="link" size="small" onClick={() => setLog(row)}>
            发送记录
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ open: true, editing: row })}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              confirm('删除后将不再向该地址推送事件，未发送的事件也将取消。确定删除吗？', async () => {
                await remove.mutateAsync(row.id);
                message.success(INTEGRATION_MSG.removed);
              })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Alert
        className="int-intro"
        type="info"
        showIcon
        message={`发生以下事件时，平台向您的地址推送：${EVENTS}`}
        description={
          <>
            请求体为 JSON <code>{'{type, id, createdAt, data}'}</code>，请求头 <code>webhook-id</code>、<code>webhook-timestamp</code>、<code>webhook-signature</code>（v1,Base64(HMAC-SHA256(密钥, id.timestamp.请求体))）。接收方返回 2xx 视为成功，否则按指数退避重试 24 小时，同一事件始终使用同一 id。{WEBHOOK_NO_REDIRECT}。
          </>
        }
      />
      <div className="int-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, editing: null })}>
          添加接收地址
        </Button>
      </div>
      <Table rowKey="id" columns={columns} dataSource={hooks.data ?? []} loading={hooks.isFetching} locale={{ emptyText: MSG.emptyList }} pagination={false} />
      <WebhookDialog open={dialog.open} editing={dialog.editing} onClose={() => setDialog({ open: false, editing: null })} />
      <WebhookDeliveries
        endpoint={log}
        onClose={() => {
          setLog(null);
          void hooks.refetch();
        }}
      />
    </>
  );
}
