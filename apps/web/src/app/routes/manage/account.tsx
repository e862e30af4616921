import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function AccountScreen() {
  return <PlaceholderScreen title="收支明细" />;
}
