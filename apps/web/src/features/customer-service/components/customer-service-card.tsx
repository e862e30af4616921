import { Button, Card, Descriptions, Image, Rate, Skeleton, Space, Tag, Typography } from 'antd';
import { rescheduleSlotLabel } from '@portal/domain/customer-page';
import { useConfirm } from '../../../lib/use-confirm';
import { useCustomerService, useLinkMutation, type CustomerService } from '../api/customer-service';

const LINK_COLOR: Record<CustomerService['link']['state'], string> = { none: 'default', pending: 'gold', sent: 'green', revoked: 'red', expired: 'default' };
const VISIT_COLOR: Record<CustomerService['visit']['state'], string> = { none: 'default', waiting: 'blue', code: 'green', override: 'orange' };

/**
 * 客户服务 of an order (issue 47): the customer's link (re-send / revoke for the merchant), whether the
 * appointment was confirmed, whether the visit was proven with the customer's code, and the rating.
 */
export function CustomerServiceCard({ orderId, console = false, canManage = false }: { orderId: number; console?: boolean; canManage?: boolean }) {
  const q = useCustomerService(orderId, console);
  const resend = useLinkMutation('resend');
  const revoke = useLinkMutation('revoke');
  const confirm = useConfirm();
  const s = q.data;
  const title = '客户服务';
  if (!s) return <Card title={title} style={{ marginBottom: 16 }}>{q.isError ? <Typography.Text type="secondary">暂无数据</Typography.Text> : <Skeleton active />}</Card>;
  const r = s.rating;
  const manage = canManage && !console && (
    <Space>
      <Button size="small" data-action="resend-link" loading={resend.isPending} onClick={() => confirm(`将给客户手机 ${s.link.phone || '（订单客户电话）'} 重新发送服务进度链接，原链接立即失效。确定发送吗？`, () => resend.mutateAsync(orderId))}>
        {s.link.state === 'none' ? '发送服务进度链接' : '重新发送链接'}
      </Button>
      {s.link.state === 'sent' && (
        <Button size="small" danger data-action="revoke-link" loading={revoke.isPending} onClick={() => confirm('作废后客户将无法再打开该链接，确定作废吗？', () => revoke.mutateAsync(orderId))}>
          作废链接
        </Button>
      )}
    </Space>
  );
  return (
    <Card title={title} extra={manage} style={{ marginBottom: 16 }} data-testid="customer-service">
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label="服务进度链接">
          <Space size={4} wrap>
            <Tag color={LINK_COLOR[s.link.state]} data-testid="link-state">{s.link.stateName}</Tag>
            {s.link.holdReason && <Typography.Text type="warning" data-testid="link-hold-reason">{s.link.holdReason}</Typography.Text>}
            {s.link.sentTime && <Typography.Text type="secondary">{s.link.sentTime} 发送至 {s.link.phone}（共{s.link.sends}次）</Typography.Text>}
            {s.link.validUntil && <Typography.Text type="secondary">有效期至 {s.link.validUntil}</Typography.Text>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="上门时间">{s.appointmentConfirmed ? <Tag color="green">客户已确认（{s.confirmTime}）</Tag> : <Typography.Text type="secondary">客户未确认</Typography.Text>}</Descriptions.Item>
        <Descriptions.Item label="上门核销" span={2}>
          <Space size={4} wrap>
            <Tag color={VISIT_COLOR[s.visit.state]} data-testid="visit-state">{s.visit.stateName}</Tag>
            {s.visit.usedTime && <Typography.Text type="secondary">{s.visit.usedTime}</Typography.Text>}
            {s.visit.state === 'override' && <Typography.Text>原因：{s.visit.overrideReason}（{s.visit.operator}）</Typography.Text>}
            {s.visit.state === 'waiting' && s.visit.attempts > 0 && <Typography.Text type="danger">核销码已输错{s.visit.attempts}次</Typography.Text>}
          </Space>
        </Descriptions.Item>
        {s.requests.length > 0 && (
          <Descriptions.Item label="客户改约申请" span={2}>
            <Space direction="vertical" size={2}>
              {s.requests.map((x) => (
                <span key={x.id}>
                  <Tag color={x.state === 'pending' ? 'orange' : 'default'}>{x.state === 'pending' ? '待处理' : '已处理'}</Tag>
                  {x.date} {x.slotName || rescheduleSlotLabel(x.slot)}，原因：{x.reason}（{x.createTime}）
                </span>
              ))}
            </Space>
          </Descriptions.Item>
        )}
        <Descriptions.Item label="客户评价" span={2}>
          {r ? (
            <div data-testid="customer-rating" data-score={r.score}>
              <Space size={8} wrap>
                <Rate disabled value={r.score} aria-label={`${r.score}星`} />
                <span>{r.score}星</span>
                {r.tags.map((t) => <Tag key={t}>{t}</Tag>)}
                <Typography.Text type="secondary">{r.createTime}</Typography.Text>
              </Space>
              {r.comment && <Typography.Paragraph style={{ margin: '6px 0 0' }}>{r.comment}</Typography.Paragraph>}
              {r.photos.length > 0 && (
                <Image.PreviewGroup>
                  <Space size={8} style={{ marginTop: 6 }}>
                    {r.photos.map((url, i) => <Image key={url} src={url} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 4 }} alt={`客户评价图片${i + 1}`} />)}
                  </Space>
                </Image.PreviewGroup>
              )}
            </div>
          ) : (
            <Typography.Text type="secondary">暂未评价</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
