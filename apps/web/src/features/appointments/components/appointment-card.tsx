import { Alert, Button, Card, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { RESCHEDULE_STATUSES } from '@portal/domain/appointments';
import { useAppointment } from '../api/appointments';
import { RescheduleDialog } from './reschedule-dialog';

/**
 * 预约与时效 of an order (issue 46): the appointment window, a failed booking with its reason, the
 * reschedule requests (the merchant asks here; the console answers with a new appointment) and the
 * automatic timeliness credits paid into the wallet. `orderStatus`: the stored status of the order as
 * the page shows it now (申请改约 follows it, not the status this card was read at).
 */
export function AppointmentCard({
  orderId,
  console = false,
  canRequest = false,
  version = '',
  orderStatus,
}: {
  orderId: number;
  console?: boolean;
  canRequest?: boolean;
  version?: string;
  orderStatus?: number;
}) {
  const q = useAppointment(orderId, console, version);
  const [asking, setAsking] = useState(false);
  const a = q.data;
  const title = '预约与时效赔付';
  if (!a) return <Card title={title} style={{ marginBottom: 16 }}>{q.isError ? <Typography.Text type="secondary">暂无数据</Typography.Text> : <Skeleton active />}</Card>;
  const pending = a.requests.some((r) => r.state === 'pending' && r.by === 'merchant');
  const mayAsk = canRequest && !console && RESCHEDULE_STATUSES.includes(orderStatus ?? a.status);
  const extra = mayAsk && (
    <Button size="small" data-action="request-reschedule" disabled={pending} onClick={() => setAsking(true)}>
      {pending ? '改约申请待处理' : '申请改约'}
    </Button>
  );
  return (
    <Card title={title} extra={extra} style={{ marginBottom: 16 }} data-testid="appointment-card">
      {a.failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="appointment-failure"
          message={`预约失败：${a.failure.reasonName}${a.failure.note ? `（${a.failure.note}）` : ''}`}
          description={`${a.failure.time} 记录，平台将重新与客户预约`}
        />
      )}
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label="预约时段" span={2}>{a.window ? <Tag color="blue" data-testid="appointment-window">{a.window.text}</Tag> : <Typography.Text type="secondary">尚未预约</Typography.Text>}</Descriptions.Item>
        {a.requests.length > 0 && (
          <Descriptions.Item label="改约申请" span={2}>
            <Space direction="vertical" size={2}>
              {a.requests.map((r) => (
                <span key={r.id} data-testid="reschedule-request" data-state={r.state}>
                  <Tag color={r.state === 'pending' ? 'orange' : 'default'}>{r.stateName}</Tag>
                  {r.byName}{r.requester && r.by === 'merchant' ? `（${r.requester}）` : ''}期望 {r.date} {r.slotName}，原因：{r.reason}
                  <Typography.Text type="secondary">（{r.createTime}）</Typography.Text>
                </span>
              ))}
            </Space>
          </Descriptions.Item>
        )}
        <Descriptions.Item label="时效赔付" span={2}>
          {a.credits.length ? (
            <Space direction="vertical" size={2}>
              {a.credits.map((c) => (
                <span key={c.id} data-testid="timeliness-credit">
                  <Tag color="green">+¥{c.amount.toFixed(2)}</Tag>
                  {c.stageName}超时（应于 {c.dueTime} 前完成），{c.createTime} 已转入账户余额
                  {c.transactionFlowNo && <Typography.Text type="secondary">，流水号 {c.transactionFlowNo}</Typography.Text>}
                </span>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">暂无</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
      {asking && <RescheduleDialog orderId={orderId} onClose={() => setAsking(false)} />}
    </Card>
  );
}
