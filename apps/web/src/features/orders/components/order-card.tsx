import { Card, Checkbox, Image, Space, Tag, Tooltip, Typography } from 'antd';
import { memo } from 'react';
import { Link } from 'react-router';
import { maintenanceType, MARKER_COLORS, parole, serviceType } from '@portal/domain/enums';
import type { OrderListRow } from '@portal/domain/orders';
import { paths } from '../../../config/paths';
import { MarkerDot } from './marker-dot';
import { OrderActions } from './order-actions';
import { lineUnitPrice, yuan } from './order-price';
import { OrderStatusTag } from './order-status-tag';
import { SlaTag } from './sla-tag';
import { SatisfactionTag } from './satisfaction-tag';
import { fileUrlOf } from '../../../components/upload/image-root';

/**
 * One order of the list: header (number, time, tags, marker), products, customer, total, actions.
 * Memoised: the list re-renders for its header (pending count, 全选) and for one card's checkbox, and
 * a card whose order and check are unchanged (the query keeps unchanged rows' objects) is skipped.
 */
export const OrderCard = memo(function OrderCard({ order, checked, onCheck }: { order: OrderListRow; checked: boolean; onCheck: (id: number, on: boolean) => void }) {
  const total = order.serviceType === 5 ? 0 : order.totalPrice;
  return (
    <Card size="small" className="order-card" data-order-no={order.orderNo} data-testid="order-card">
      <div className="order-card__head">
        <Space size={12} wrap>
          <Checkbox checked={checked} onChange={(e) => onCheck(order.id, e.target.checked)} aria-label={`选择订单${order.orderNo}`} />
          <Link to={paths.manage.orderDetail.getHref(order.id)} className="order-card__no">订单编号：{order.orderNo}</Link>
          <Typography.Text type="secondary">下单时间：{order.createTime}</Typography.Text>
          {order.userInfo?.name && <Typography.Text type="secondary">下单人：{order.userInfo.name}</Typography.Text>}
        </Space>
        <Space size={6} wrap>
          {order.urgentFlag === '1' && <Tag color="red">加急</Tag>}
          <Tag color={order.parole === 1 ? 'blue' : 'orange'}>{parole.label(order.parole)}</Tag>
          <Tag>{serviceType.label(order.serviceType)}</Tag>
          <OrderStatusTag status={order.status} />
          <SlaTag sla={order.sla} />
          <SatisfactionTag score={order.customerRating} />
          {order.extraFeePending && <Tag color="volcano" data-testid="extra-fee-pending">待确认加价</Tag>}
          {order.markerType && (
            <Tooltip title={order.markerValue || MARKER_COLORS.label(order.markerType)}>
              <span data-testid="order-marker"><MarkerDot color={order.markerType} /></span>
            </Tooltip>
          )}
        </Space>
      </div>
      <div className="order-card__body">
        <div className="order-card__products">
          {order.productList.map((p) => (
            <div key={p.id} className="order-card__product">
              <Image src={fileUrlOf(p.productPicture)} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} alt={p.modelName} fallback="/logo.svg" />
              <div>
                <div className="order-card__model">{p.categoryName} {p.modelName}</div>
                <Typography.Text type="secondary">
                  {serviceType.label(order.serviceType)}
                  {p.maintenanceType ? `（${maintenanceType.label(p.maintenanceType)}）` : ''} × {p.number} · 单价 {yuan(lineUnitPrice(order, p))}
                </Typography.Text>
              </div>
            </div>
          ))}
        </div>
        <div className="order-card__customer">
          <div>
            {order.realName} {order.phone}
            {order.phoneExtension ? ` 转 ${order.phoneExtension}` : ''}
          </div>
          <Typography.Text type="secondary">
            {order.provinceName}{order.cityName}{order.districtName}{order.detailAddress}
          </Typography.Text>
          {order.doorTime && <div><Typography.Text type="secondary">上门时间：{order.doorTime}</Typography.Text></div>}
          {order.markerValue && <div><Typography.Text type="secondary">标记备注：{order.markerValue}</Typography.Text></div>}
        </div>
        <div className="order-card__total">
          <div>订单金额</div>
          <strong data-testid="order-card-total">{yuan(total)}</strong>
        </div>
      </div>
      <div className="order-card__actions">
        <OrderActions order={order} />
      </div>
    </Card>
  );
});
