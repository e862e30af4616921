import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function ZhangHaoInfoScreen() {
  return <PlaceholderScreen title="基本信息" />;
}
