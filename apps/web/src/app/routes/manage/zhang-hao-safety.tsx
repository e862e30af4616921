import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function ZhangHaoSafetyScreen() {
  return <PlaceholderScreen title="账户安全" />;
}
