import { MSG } from '@portal/domain/messages';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { notifyNext } from '../../../lib/notifier';
import { vendorToken } from '../../../lib/token-store';

/** After a successful sign-in: keep the token, go back where the user was sent from and say 登录成功 there. */
export function useSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (token: string, toast = true) => {
    vendorToken.set(token);
    // The sign-in screen mounts no antd <App> of its own that outlives it (decision 183): the toast
    // shows on the screen it leads to, as soon as that screen's <App> is there.
    if (toast) notifyNext((a) => a.message.success(MSG.loginOk));
    const back = params.get('redirect');
    const safe = back && back.startsWith('/') && !back.startsWith('//') && !back.startsWith(paths.login.path) ? back : paths.index.getHref();
    navigate(safe, { replace: true });
  };
}
