import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function RechargesScreen() {
  return <PlaceholderScreen title="充值审核" />;
}
