import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function MastersScreen() {
  return <PlaceholderScreen title="师傅管理" />;
}
