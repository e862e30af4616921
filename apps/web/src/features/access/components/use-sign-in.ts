import { App } from 'antd';
import { MSG } from '@portal/domain/messages';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { vendorToken } from '../../../lib/token-store';

/** After a successful sign-in: keep the token, say 登录成功, go back where the user was sent from. */
export function useSignIn() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (token: string, toast = true) => {
    vendorToken.set(token);
    if (toast) message.success(MSG.loginOk);
    const back = params.get('redirect');
    const safe = back && back.startsWith('/') && !back.startsWith('//') && !back.startsWith(paths.login.path) ? back : paths.index.getHref();
    navigate(safe, { replace: true });
  };
}
