import { Alert, Breadcrumb, Button, Card, Descriptions, Result, Skeleton, Space, Timeline, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AFTER_SALE_CHECK } from '@portal/domain/after-sales';
import { serviceType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { paths } from '../../../config/paths';
import { RequirePermission } from '../../../features/access/components/require-permission';
import { useAccess } from '../../../lib/access';
import { useAfterSale } from '../../../features/after-sales/api/get-after-sale';
import { useCancelAfterSale } from '../../../features/after-sales/api/cancel-after-sale';
import { AfterSaleProgress } from '../../../features/after-sales/components/after-sale-progress';
import { AfterSaleCheckTag, AfterSaleStatusTag } from '../../../features/after-sales/components/after-sale-status-tag';
import { VoucherList } from '../../../features/after-sales/components/voucher-list';
import '../../../features/after-sales/components/after-sales.css';
import { useConfirm } from '../../../lib/use-confirm';

const CRUMBS = [
  { title: <Link to={paths.index.getHref()}>首页</Link> },
  { title: <Link to={paths.manage.afterSale.getHref()}>售后管理</Link> },
  { title: '售后详情' },
];

const tipType = (checkStatus: number, status: number) =>
  checkStatus === AFTER_SALE_CHECK.rejected ? 'error' : checkStatus === AFTER_SALE_CHECK.withdrawn || status === 3 ? 'info' : status === 2 ? 'success' : 'warning';

/** 售后详情 (spec 02 §2.5, §4): progress, status tip, old/new orders, application info, timeline, withdraw. */
export default function AfterSaleDetailScreen() {
  return (
    <RequirePermission perm={PERM.afterSaleList}>
      <AfterSaleDetail />
    </RequirePermission>
  );
}

function AfterSaleDetail() {
  const [search] = useSearchParams();
  const id = search.get('id');
  const q = useAfterSale(id);
  const { can } = useAccess();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const cancel = useCancelAfterSale();
  const a = q.data;
  const breadcrumb = <Breadcrumb style={{ marginBottom: 16 }} items={CRUMBS} />;

  if (!id || q.isError) {
    return (
      <>
        {breadcrumb}
        <Card><Result status="404" title="售后申请不存在" extra={<Button onClick={() => navigate(paths.manage.afterSale.getHref())}>返回售后列表</Button>} /></Card>
      </>
    );
  }
  if (!a) return <>{breadcrumb}<Card><Skeleton active paragraph={{ rows: 8 }} /></Card></>;

  const askWithdraw = () => confirm(MSG.confirmCancelAfterSale, () => cancel.mutateAsync(a.id));
  const orderLink = (orderId: number | null, orderNo: string) =>
    orderId && orderNo ? <Link to={paths.manage.afterSaleOrderDetail.getHref(orderId)}>{orderNo}</Link> : <span className="as-muted">—</span>;

  return (
    <div data-testid="after-sale-detail" data-status={a.status} data-check={a.checkStatus}>
      {breadcrumb}
      <Card className="as-section">
        <AfterSaleProgress state={a} />
        <Alert className="as-tip" type={tipType(a.checkStatus, a.status)} showIcon title={a.statusTip} data-testid="after-sale-tip" />
        <Space size="large" wrap>
          <span>售后状态 <AfterSaleStatusTag status={a.status} /></span>
          <span>审核状态 <AfterSaleCheckTag checkStatus={a.checkStatus} /></span>
          {a.checkStatus === AFTER_SALE_CHECK.reviewing && can(PERM.afterSaleCancel) && (
            <Button danger onClick={askWithdraw} loading={cancel.isPending} data-action="withdraw">
              撤回申请
            </Button>
          )}
        </Space>
      </Card>
      <Card className="as-section" title="工单信息">
        <Descriptions column={2} size="small">
          <Descriptions.Item label="原工单编号">{orderLink(a.oldOrderId, a.oldOrder)}</Descriptions.Item>
          <Descriptions.Item label="新工单编号">{orderLink(a.newOrderId, a.newOrder)}</Descriptions.Item>
          <Descriptions.Item label="客户姓名">{a.realName || '—'}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{a.phone}</Descriptions.Item>
          <Descriptions.Item label="服务类型">{serviceType.label(a.serviceType)}</Descriptions.Item>
          <Descriptions.Item label="产品">{a.productSummary || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="as-section" title="申请信息">
        <Descriptions column={2} size="small">
          <Descriptions.Item label="申请类型">{a.typeName}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{a.createTime}</Descriptions.Item>
          {a.type === 1 && (
            <Descriptions.Item label="赔偿金额">
              <span className="as-money" data-testid="after-sale-money">¥{a.money.toFixed(2)}</span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="申请原因">{a.reasons.split(',').join('、')}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{a.checkTime || '—'}</Descriptions.Item>
          {a.checkReason && <Descriptions.Item label="驳回原因">{a.checkReason}</Descriptions.Item>}
          <Descriptions.Item label="申请说明" span={2}>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{a.description}</Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label="凭证" span={2}>
            <VoucherList value={a.voucher} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="as-section" title="处理进度">
        <Timeline
          items={a.timeline.map((t, i) => ({
            color: i === 0 ? 'blue' : 'gray',
            content: (
              <div>
                <div>{t.content}</div>
                <div className="as-muted">{t.createTime}</div>
              </div>
            ),
          }))}
        />
      </Card>
    </div>
  );
}
