import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function OrderListScreen() {
  return <PlaceholderScreen title="我的订单" />;
}
