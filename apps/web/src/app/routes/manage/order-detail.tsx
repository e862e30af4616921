import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PERM } from '@portal/domain/permissions';
import { RequirePermission } from '../../../features/access/components/require-permission';
import { OrderDetailView, type Crumb } from '../../../features/orders/components/order-detail-view';
import { CustomerServiceCard } from '../../../features/customer-service/components/customer-service-card';
import { ExtraFeeCard } from '../../../features/extra-fees/components/extra-fee-card';
import { AppointmentCard } from '../../../features/appointments/components/appointment-card';
import { useOrder } from '../../../features/orders/api/get-order';
import { useAccess } from '../../../lib/access';

const ORDER_CRUMBS: Crumb[] = [
  { title: '首页', href: paths.index.getHref() },
  { title: '我的订单', href: paths.manage.order.getHref() },
  { title: '工单详情' },
];
const AFTER_SALE_CRUMBS: Crumb[] = [
  { title: '首页', href: paths.index.getHref() },
  { title: '售后管理', href: paths.manage.afterSale.getHref() },
  { title: '售后详情' },
  { title: '工单详情' },
];

/** Also rendered by afterSaleOrderDetail with the after-sales breadcrumb. */
export default function OrderDetailScreen({ variant = 'order' }: { variant?: 'order' | 'afterSale' }) {
  // Every order read needs the order list key (decision 115): nothing below asks without it.
  return (
    <RequirePermission perm={PERM.orderList}>
      <OrderDetail variant={variant} />
    </RequirePermission>
  );
}

function OrderDetail({ variant }: { variant: 'order' | 'afterSale' }) {
  const [search] = useSearchParams();
  const { can } = useAccess();
  const id = Number(search.get('id'));
  // The detail's own query (one request): 申请改约 follows the order's status as it is now.
  const order = useOrder(id > 0 ? search.get('id') : null).data;
  return (
    <OrderDetailView
      id={search.get('id')}
      crumbs={variant === 'afterSale' ? AFTER_SALE_CRUMBS : ORDER_CRUMBS}
      customerSide={id > 0 ? (
        <>
          <AppointmentCard orderId={id} canRequest orderStatus={order?.realStatus} />
          <ExtraFeeCard orderId={id} canDecide={can(PERM.orderExtraFee)} />
          <CustomerServiceCard orderId={id} canManage={can(PERM.orderModify)} />
        </>
      ) : null}
    />
  );
}
