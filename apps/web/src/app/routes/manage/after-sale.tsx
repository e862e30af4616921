import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function AfterSaleScreen() {
  return <PlaceholderScreen title="售后管理" />;
}
