import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function ZhangHaoScreen() {
  return <PlaceholderScreen title="账户管理" />;
}
