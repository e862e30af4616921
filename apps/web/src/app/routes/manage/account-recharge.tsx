import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function AccountRechargeScreen() {
  return <PlaceholderScreen title="账户充值" />;
}
