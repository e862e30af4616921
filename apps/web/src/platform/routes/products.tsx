import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function ProductsReviewScreen() {
  return <PlaceholderScreen title="产品审核" />;
}
