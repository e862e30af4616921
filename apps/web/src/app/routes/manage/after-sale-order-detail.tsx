import OrderDetailScreen from './order-detail';

/** The order detail screen reached from an after-sales case: breadcrumb 首页 / 售后管理 / 售后详情 / 工单详情. */
export default function AfterSaleOrderDetailScreen() {
  return <OrderDetailScreen variant="afterSale" />;
}
