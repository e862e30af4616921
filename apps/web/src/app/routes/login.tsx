import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function LoginScreen() {
  return <PlaceholderScreen title="登录" />;
}
