import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function ZhiShiKuScreen() {
  return <PlaceholderScreen title="知识库管理" />;
}
