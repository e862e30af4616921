import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_TYPE, paths, type LoginType } from '../../config/paths';
import { LoginTabs } from '../../features/access/components/login-tabs';
import { PasswordLoginForm } from '../../features/access/components/password-login-form';
import { PlainIcon } from '../../features/access/components/plain-icons';
import { readRememberedLogin } from '../../features/access/remembered-login';
import { loadChatScriptOnce } from '../../lib/chat-script';
import { getConfig } from '../../lib/config-api';
import { useRootFontSize } from '../../lib/root-font-size';
import type { PcConfig } from '../../lib/site-config';
import { useDocumentTitle } from '../layout/use-document-title';
import { useAntdHost } from './login-antd-host';
import '../../styles/login.css';
import { ActionLink } from '../../components/action-link';

// Sign-in is the first screen most visits see, so it draws without antd and TanStack Query
// (decision 183): the password form is plain elements. antd comes when first needed — a toast, or
// the SMS sign-in, registration and password reset forms (antd forms, decision 164) — through one
// AntdHost the screen keeps until it is left, its forms portalled into the card.
const RegisterFlow = lazy(() => import('../../features/access/components/register-flow').then((m) => ({ default: m.RegisterFlow })));
const ForgotPasswordForm = lazy(() => import('../../features/access/components/forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })));
const SmsLoginForm = lazy(() => import('../../features/access/components/sms-login-form').then((m) => ({ default: m.SmsLoginForm })));

const TITLES: Record<LoginType, string> = { '1': '账号登录', '2': '注册账号', '3': '找回密码' };
const SELLING_POINTS = ['安装、维修、清洗、调试、回收 五大服务', '钱包预付，完工验收后结算', '工单全程可追踪，售后有保障'];

/** The site configuration `pc` (logo, technicians, coverage) without TanStack Query. */
function usePcConfig(): PcConfig | undefined {
  const [pc, setPc] = useState<PcConfig>();
  useEffect(() => {
    let live = true;
    getConfig('pc')
      .then((c) => {
        if (live) setPc(JSON.parse(c.configValue) as PcConfig);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return pc;
}

/** Sign-in, registration and password reset (query type 1 / 2 / 3). */
export default function LoginScreen() {
  useDocumentTitle();
  useRootFontSize();
  useEffect(() => {
    void loadChatScriptOnce();
  }, []);
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type: LoginType = raw === LOGIN_TYPE.register || raw === LOGIN_TYPE.forgot ? raw : LOGIN_TYPE.login;
  const [isSub, setIsSub] = useState(() => readRememberedLogin()?.isSubAccountFlag ?? false);
  const [bySms, setBySms] = useState(false);
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const pc = usePcConfig();

  const go = (t: LoginType) => {
    const next = new URLSearchParams(params);
    next.set('type', t);
    setParams(next);
    setBySms(false);
  };

  const antdForm =
    type === LOGIN_TYPE.register ? (
      <RegisterFlow onLogin={() => go(LOGIN_TYPE.login)} />
    ) : type === LOGIN_TYPE.forgot ? (
      <ForgotPasswordForm onDone={() => go(LOGIN_TYPE.login)} onLogin={() => go(LOGIN_TYPE.login)} />
    ) : bySms ? (
      <SmsLoginForm key={isSub ? 'sub' : 'main'} isSub={isSub} onPasswordLogin={() => setBySms(false)} />
    ) : null;
  const host = useAntdHost(antdForm !== null, slot, antdForm && <Suspense fallback={null}>{antdForm}</Suspense>);
  const slotBox = <div ref={setSlot} key={`slot-${type}`} />;

  return (
    <div className="login-page">
      <section className="login-brand" aria-label="平台介绍">
        <Link to={paths.index.getHref()} className="login-brand__logo">
          <img src={pc?.logo || '/logo.svg'} alt="" width={44} height={44} />
          <span>厂家服务下单门户</span>
        </Link>
        <h1 className="login-brand__title">
          一站式家电上门服务
          <br />
          让每一单都省心
        </h1>
        <ul className="login-brand__points">
          {SELLING_POINTS.map((p) => (
            <li key={p}>
              <PlainIcon name="check-circle" /> {p}
            </li>
          ))}
        </ul>
        <div className="login-brand__stats">
          <div>
            <strong>{pc?.zhuanyeshifu ?? '—'}</strong>
            <span>万 专业师傅</span>
          </div>
          <div>
            <strong>{pc?.zhuanyeshifufugailv ?? '—'}</strong>
            <span>% 区县覆盖率</span>
          </div>
        </div>
      </section>

      <section className="login-card" aria-label={TITLES[type]}>
        <h2 className="login-card__title">{bySms ? '短信验证码登录' : TITLES[type]}</h2>
        {type === LOGIN_TYPE.login && (
          <>
            <LoginTabs isSub={isSub} onChange={setIsSub} />
            <div role="tabpanel" id="login-tabs-panel" aria-labelledby={isSub ? 'login-tab-sub' : 'login-tab-main'}>
              {bySms ? slotBox : <PasswordLoginForm key={isSub ? 'sub' : 'main'} isSub={isSub} onForgot={() => go(LOGIN_TYPE.forgot)} onSmsLogin={() => setBySms(true)} />}
            </div>
            <div className="login-card__switch">
              还没有账号？<ActionLink onClick={() => go(LOGIN_TYPE.register)}>立即注册</ActionLink>
            </div>
          </>
        )}
        {type !== LOGIN_TYPE.login && slotBox}
      </section>
      {host}
    </div>
  );
}
