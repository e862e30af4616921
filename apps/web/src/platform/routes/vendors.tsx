import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function VendorsScreen() {
  return <PlaceholderScreen title="厂家资金" />;
}
