import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function PlatformOrderDetailScreen() {
  return <PlaceholderScreen title="订单处理" />;
}
