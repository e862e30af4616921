import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function IndexScreen() {
  return <PlaceholderScreen title="用户首页" />;
}
