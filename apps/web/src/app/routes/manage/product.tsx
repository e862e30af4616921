import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function ProductScreen() {
  return <PlaceholderScreen title="产品管理" />;
}
