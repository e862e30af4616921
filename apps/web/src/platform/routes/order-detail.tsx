import { Breadcrumb, Button, Card, Descriptions, Empty, Result, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { maintenanceType, orderNode, parole, serviceType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { platformActionAllowed, reviewFlags, type OrderMoveState } from '@portal/domain/order-transitions';
import { PLATFORM_ORDER_ACTIONS } from '@portal/domain/orders-platform';
import { paths } from '../../config/paths';
import { usePlatformOrder, type PlatformOrderDetail } from '../../features/orders/api/platform-order';
import { ExpensePopover } from '../../features/orders/components/expense-popover';
import { MediaList } from '../../features/orders/components/media-list';
import { OperationLog } from '../../features/orders/components/operation-log';
import { yuan } from '../../features/orders/components/order-price';
import { OrderProgress } from '../../features/orders/components/order-progress';
import { OrderStatusTag } from '../../features/orders/components/order-status-tag';
import { ActionDialog } from '../../features/orders/components/platform/action-dialog';
import { CustomerServiceCard } from '../../features/customer-service/components/customer-service-card';
import { PlatformExtraFeeCard } from '../../features/extra-fees/components/platform-extra-fee-card';
import { AppointmentCard } from '../../features/appointments/components/appointment-card';

type ActionDef = (typeof PLATFORM_ORDER_ACTIONS)[number];

// The stored state, never the virtual-taking display: the server's state machine moves from it.
const moveState = (o: PlatformOrderDetail): OrderMoveState => ({
  status: o.realStatus,
  node: o.realNode,
  serviceType: o.serviceType,
  parole: o.parole,
  returnParts: o.returnParts === '1',
  praiseFlag: o.praiseFlag === '1',
  outWarrantyFee: o.outWarrantyFee,
  ...reviewFlags(o.praiseState, o.returnState),
});

/** 订单处理: one order of any vendor, with one button per legal next move (dispatch, then acting for the master). */
export default function PlatformOrderDetailScreen() {
  const { id } = useParams();
  const q = usePlatformOrder(id);
  const [acting, setActing] = useState<ActionDef | null>(null);
  const o = q.data;
  const crumbs = <Breadcrumb style={{ marginBottom: 16 }} items={[{ title: <Link to={paths.platform.orders.getHref()}>订单调度</Link> }, { title: '订单处理' }]} />;
  if (q.isError) return <>{crumbs}<Card><Result status="404" title="订单不存在" /></Card></>;
  if (!o) return <>{crumbs}<Card><Skeleton active /></Card></>;
  const state = moveState(o);
  const actions = PLATFORM_ORDER_ACTIONS.filter((a) => platformActionAllowed(a.action, state));
  const expenses = o.omsOrderExpenses.map((e) => ({ name: e.name, amount: Number(e.price).toFixed(2), type: e.type }));

  return (
    <div data-testid="platform-order" data-status={o.realStatus} data-node={o.realNode}>
      {crumbs}
      <Card style={{ marginBottom: 16 }}>
        <OrderProgress status={o.realStatus} />
      </Card>
      <Card
        style={{ marginBottom: 16 }}
        title={<Space><span>{o.orderNo}</span><OrderStatusTag status={o.realStatus} /><Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>{orderNode.label(o.realNode)}</Typography.Text></Space>}
        extra={<span>订单金额 <ExpensePopover lines={expenses} total={o.totalPrice.toFixed(2)} /></span>}
      >
        <Typography.Paragraph type="secondary">以师傅/平台身份推进订单：</Typography.Paragraph>
        {actions.length ? (
          <Space wrap>
            {actions.map((a) => (
              <Button key={a.action} type={a.action === 'dispatch' ? 'primary' : 'default'} onClick={() => setActing(a)} data-action={a.action}>
                {a.label}
              </Button>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">当前状态没有可执行的操作（等待厂家处理或订单已结束）</Typography.Text>
        )}
      </Card>
      <Card title="订单信息" style={{ marginBottom: 16 }}>
        <Descriptions column={2} size="small">
          <Descriptions.Item label="厂家">{o.vendorCompany}</Descriptions.Item>
          <Descriptions.Item label="服务">{parole.label(o.parole)} · {serviceType.label(o.serviceType)}{o.urgentFlag === '1' ? ` · 加急 ${yuan(o.urgentPrice)}` : ''}</Descriptions.Item>
          <Descriptions.Item label="客户">{o.realName} {o.phone}{o.phoneExtension ? ` 转 ${o.phoneExtension}` : ''}</Descriptions.Item>
          <Descriptions.Item label="地址">{o.provinceName}{o.cityName}{o.districtName}{o.detailAddress}</Descriptions.Item>
          <Descriptions.Item label="上门时间">{o.doorTime || '—'}</Descriptions.Item>
          <Descriptions.Item label="师傅">{o.master ? `${o.master.name} ${o.master.phone}` : '未派单'}</Descriptions.Item>
          <Descriptions.Item label="返还配件">{o.returnParts === '1' ? '是' : '否'}</Descriptions.Item>
          <Descriptions.Item label="好评推广">{o.praiseFlag === '1' ? yuan(o.praisePrice) : '否'}</Descriptions.Item>
          <Descriptions.Item label="备注" span={2}>{o.remarks || '—'}</Descriptions.Item>
        </Descriptions>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={o.productList}
          columns={[
            { title: '产品', render: (_, r) => `${r.categoryName} ${r.modelName}` },
            { title: '维修类型', render: (_, r) => (r.maintenanceType ? maintenanceType.label(r.maintenanceType) : '—') },
            { title: '数量', dataIndex: 'number' },
            { title: '单价', render: (_, r) => yuan(r.price) },
          ]}
        />
      </Card>
      <PlatformExtraFeeCard orderId={o.id} status={o.realStatus} />
      <AppointmentCard orderId={o.id} console version={`${o.realNode}-${o.omsOperateRecordList.length}`} />
      <CustomerServiceCard orderId={o.id} console />
      <Card title="完工图片" style={{ marginBottom: 16 }}>
        {o.completionPics.length ? <MediaList urls={o.completionPics} /> : <Empty description={MSG.emptyList} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </Card>
      <Card title="操作记录">
        <OperationLog records={o.omsOperateRecordList} />
      </Card>
      {acting && <ActionDialog order={o} def={acting} onClose={() => setActing(null)} />}
    </div>
  );
}
