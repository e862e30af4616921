import { Alert, Breadcrumb, Button, Card, Descriptions, Empty, Image, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ORDER_STATUS, maintenanceType, orderNode, parole, serviceType, urgentType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { OperationLog } from './operation-log';
import type { OrderDetail, OrderProductRow } from '@portal/domain/orders';
import { PERM } from '@portal/domain/permissions';
import { paths } from '../../../config/paths';
import { useAccess } from '../../../lib/access';
import { useOrder } from '../api/get-order';
import { ExpensePopover } from './expense-popover';
import { OrderActions } from './order-actions';
import { lineUnitPrice, yuan } from './order-price';
import { OrderProgress } from './order-progress';
import { OrderStatusTag } from './order-status-tag';
import { PRAISE_REQUIREMENT } from './praise-requirement';
import './orders.css';
import { fileUrlOf } from '../../../components/upload';

export interface Crumb {
  title: string;
  href?: string;
}

function ProductTable({ order }: { order: OrderDetail }) {
  return (
    <Table<OrderProductRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={order.productList}
      locale={{ emptyText: MSG.emptyList }}
      columns={[
        { title: '产品图片', dataIndex: 'productPicture', width: 90, render: (v: string, r) => <Image src={fileUrlOf(v)} width={56} height={56} style={{ objectFit: 'cover' }} alt={r.modelName} fallback="/logo.svg" /> },
        { title: '产品', render: (_, r) => `${r.categoryName} ${r.modelName}` },
        { title: '服务类型', render: (_, r) => `${serviceType.label(order.serviceType)}${r.maintenanceType ? `（${maintenanceType.label(r.maintenanceType)}）` : ''}` },
        { title: '数量', dataIndex: 'number', width: 70 },
        { title: '单价', width: 110, render: (_, r) => yuan(lineUnitPrice(order, r)) },
        { title: '总价', width: 120, render: (_, r) => <span data-testid="line-total">{yuan(order.serviceType === 5 ? 0 : lineUnitPrice(order, r) * r.number)}</span> },
        {
          title: '附加费',
          render: (_, r) =>
            r.omsSurchargeList.length ? r.omsSurchargeList.map((s) => <div key={s.id}>{s.name} {yuan(s.price)} × {s.num}</div>) : '—',
        },
        { title: '备注', dataIndex: 'remarks', render: (v: string) => v || '—' },
      ]}
    />
  );
}

/** Order detail (spec 02 §2.4), shared by orderDetail and afterSaleOrderDetail (only the breadcrumb differs). */
export function OrderDetailView({ id, crumbs, customerSide }: { id: string | null; crumbs: Crumb[]; /** drawn under 客户信息 (the route composes it, issue 47) */ customerSide?: ReactNode }) {
  const q = useOrder(id);
  const { can } = useAccess();
  const navigate = useNavigate();
  const o = q.data;
  const breadcrumb = <Breadcrumb style={{ marginBottom: 16 }} items={crumbs.map((c) => ({ title: c.href ? <Link to={c.href}>{c.title}</Link> : c.title }))} />;
  if (!id || q.isError) {
    return (
      <>
        {breadcrumb}
        <Card><Result status="404" title="订单不存在" extra={<Button onClick={() => navigate(paths.manage.order.getHref())}>返回订单列表</Button>} /></Card>
      </>
    );
  }
  if (!o) return <>{breadcrumb}<Card><Skeleton active paragraph={{ rows: 10 }} /></Card></>;

  const expenses = o.omsOrderExpenses.map((e) => ({ name: e.name, amount: Number(e.price).toFixed(2), type: e.type }));
  const total = (o.serviceType === 5 ? 0 : o.totalPrice).toFixed(2);
  return (
    <div className="order-detail" data-testid="order-detail" data-status={o.status}>
      {breadcrumb}
      {o.status === ORDER_STATUS.unpaid && (
        <Alert
          className="order-detail__banner"
          type="warning"
          showIcon
          title={MSG.unpaidBanner}
          action={can(PERM.orderPay) ? <Button type="primary" size="small" onClick={() => navigate(paths.orderPay.getHref(o.id))}>去支付</Button> : undefined}
        />
      )}
      <Card className="order-detail__section">
        <OrderProgress status={o.status} />
      </Card>
      <Card
        className="order-detail__section"
        title={
          <Space>
            <span>订单状态</span>
            <OrderStatusTag status={o.status} />
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>{o.nodeName || orderNode.label(o.node)}</Typography.Text>
          </Space>
        }
      >
        <OrderActions order={o} showDetail={false} />
      </Card>
      <Card className="order-detail__section" title="客户信息">
        <Descriptions column={2} size="small">
          <Descriptions.Item label="客户姓名">{o.realName || '—'}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{o.phone}{o.phoneExtension ? ` 转 ${o.phoneExtension}` : ''}</Descriptions.Item>
          <Descriptions.Item label="服务地址" span={2}>{o.provinceName}{o.cityName}{o.districtName}{o.detailAddress}</Descriptions.Item>
          <Descriptions.Item label="上门时间">{o.doorTime || '—'}</Descriptions.Item>
          <Descriptions.Item label="服务师傅">{o.masterInfo ? `${o.masterInfo.name} ${o.masterInfo.phone}` : '待分配'}</Descriptions.Item>
        </Descriptions>
      </Card>
      {customerSide}
      <Card
        className="order-detail__section"
        title="产品信息"
        extra={
          <Space>
            <span>订单总额</span>
            <ExpensePopover lines={expenses} total={total}>
              <strong style={{ color: '#d4380d', fontSize: 18 }} data-testid="detail-total">￥{total}</strong>
            </ExpensePopover>
          </Space>
        }
      >
        <ProductTable order={o} />
      </Card>
      <Card className="order-detail__section" title="物流信息">
        {o.logisticsVoList.length === 0 ? (
          <Empty description={MSG.emptyList} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey={(r) => `${r.courierCompany}-${r.courierNum}`}
            dataSource={o.logisticsVoList}
            columns={[
              { title: '产品', render: (_, r) => { const p = o.productList.find((x) => x.productId === r.productId); return p ? `${p.categoryName} ${p.modelName}` : '—'; } },
              { title: '快递公司', dataIndex: 'courierCompany' },
              { title: '快递单号', dataIndex: 'courierNum' },
              { title: '收件人电话', dataIndex: 'phone', render: (v: string) => v || '—' },
            ]}
          />
        )}
      </Card>
      <Card className="order-detail__section" title="订单信息">
        <Descriptions column={2} size="small">
          <Descriptions.Item label="订单编号">{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{o.createTime}</Descriptions.Item>
          <Descriptions.Item label="保内/保外">{parole.label(o.parole)}</Descriptions.Item>
          <Descriptions.Item label="服务类型">{serviceType.label(o.serviceType)}</Descriptions.Item>
          <Descriptions.Item label="加急">{o.urgentFlag === '1' ? `${urgentType.label(o.urgentType)} ${yuan(o.urgentPrice)}` : '否'}</Descriptions.Item>
          <Descriptions.Item label="好评推广">
            {o.praiseFlag === '1' ? <Space>{yuan(o.praisePrice)}<Tag>{PRAISE_REQUIREMENT}</Tag></Space> : '否'}
          </Descriptions.Item>
          <Descriptions.Item label="返还配件">{o.returnParts === '1' ? '是' : '否'}</Descriptions.Item>
          <Descriptions.Item label="实付金额">{o.paidFlag ? yuan(o.realPayPrice) : '—'}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{o.payTime || '—'}</Descriptions.Item>
          <Descriptions.Item label="接单时间">{o.receivingTime || '—'}</Descriptions.Item>
          <Descriptions.Item label="完成时间">{o.completionTime || '—'}</Descriptions.Item>
          <Descriptions.Item label="下单人">{o.userInfo?.name || '—'}</Descriptions.Item>
          <Descriptions.Item label="下单联系人">{[o.contactName, o.contactPhone].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="技术联系人">{o.technicalContacts.map((t) => `${t.name} ${t.phone}`).join('；') || '—'}</Descriptions.Item>
          {o.orderSource && <Descriptions.Item label="店铺名称">{o.orderSource}</Descriptions.Item>}
          {o.orderSourceNum && <Descriptions.Item label="电商单号">{o.orderSourceNum}</Descriptions.Item>}
          <Descriptions.Item label="备注" span={2}>{o.remarks || '—'}</Descriptions.Item>
          {o.closeRemark && <Descriptions.Item label="取消原因" span={2}>{o.closeRemark}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card className="order-detail__section" title="操作记录">
        {o.omsOperateRecordList.length === 0 ? (
          <Empty description={MSG.emptyList} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <OperationLog records={o.omsOperateRecordList} />
        )}
      </Card>
    </div>
  );
}
