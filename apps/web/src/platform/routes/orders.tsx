import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function OrdersDispatchScreen() {
  return <PlaceholderScreen title="订单调度" />;
}
