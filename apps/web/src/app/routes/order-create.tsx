import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function OrderCreateScreen() {
  return <PlaceholderScreen title="一键下单" />;
}
