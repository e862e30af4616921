import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function AfterSaleDetailScreen() {
  return <PlaceholderScreen title="售后详情" />;
}
