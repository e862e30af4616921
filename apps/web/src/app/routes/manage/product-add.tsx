import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function ProductAddScreen() {
  return <PlaceholderScreen title="添加产品" />;
}
