import { PlaceholderScreen } from '../../../components/placeholder-screen';

/** Also rendered by afterSaleOrderDetail with the after-sales breadcrumb. */
export default function OrderDetailScreen({ variant = 'order' }: { variant?: 'order' | 'afterSale' }) {
  return <PlaceholderScreen title={variant === 'afterSale' ? '售后详情 / 工单详情' : '工单详情'} />;
}
