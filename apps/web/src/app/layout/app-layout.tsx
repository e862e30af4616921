import { Layout, Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { paths, LOGIN_TYPE } from '../../config/paths';
import { loadChatScriptOnce } from '../../lib/chat-script';
import { useRootFontSize } from '../../lib/root-font-size';
import { vendorToken } from '../../lib/token-store';
import { useDocumentTitle } from './use-document-title';
import { useRouteId } from './use-route-id';
import './layout.css';

// Below the content and floating beside it, so they may arrive after it; the sign-in page shows neither (decision 164).
const SiteFooter = lazy(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));
const ServiceTool = lazy(() => import('./service-tool').then((m) => ({ default: m.ServiceTool })));
// The header (navigation, notification bell with its drawer) is not on the sign-in page either; a
// signed-in visit starts loading it at once, beside its screen, and holds its 64 px meanwhile.
const loadHeader = () => import('./site-header');
if (vendorToken.get()) void loadHeader();
const SiteHeader = lazy(() => loadHeader().then((m) => ({ default: m.SiteHeader })));
const HEADER_SPACE = (
  <header className="site-header">
    <div className="site-header__inner" />
  </header>
);

/** The vendor portal's frame (spec 01 §2): header, footer and tool widget, hidden where the spec says. */
export function AppLayout() {
  useRootFontSize();
  useDocumentTitle();
  useEffect(() => {
    void loadChatScriptOnce();
  }, []);
  const token = vendorToken.use();
  const routeId = useRouteId();
  const location = useLocation();
  const navigation = useNavigation();
  const onLogin = routeId === 'login';

  if (!token && !onLogin) {
    const back = location.pathname + location.search;
    return <Navigate to={paths.login.getHref(LOGIN_TYPE.login, back === '/' ? undefined : back)} replace />;
  }

  return (
    <Layout className="portal-shell">
      {!onLogin && (
        <Suspense fallback={HEADER_SPACE}>
          <SiteHeader loggedIn={!!token} />
        </Suspense>
      )}
      <Layout.Content className={onLogin ? 'portal-content portal-content--bare' : 'portal-content'}>
        {navigation.state === 'loading' && <div className="route-progress" aria-hidden />}
        <Suspense fallback={<Spin className="route-spin" />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Suspense fallback={null}>
        {!onLogin && routeId !== 'orderCreate' && <SiteFooter />}
        {!onLogin && <ServiceTool />}
      </Suspense>
    </Layout>
  );
}
