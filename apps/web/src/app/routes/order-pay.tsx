import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function OrderPayScreen() {
  return <PlaceholderScreen title="订单支付" />;
}
