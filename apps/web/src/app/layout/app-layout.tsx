import { Layout, Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { paths, LOGIN_TYPE } from '../../config/paths';
import { loadChatScriptOnce } from '../../lib/chat-script';
import { useRootFontSize } from '../../lib/root-font-size';
import { vendorToken } from '../../lib/token-store';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ServiceTool } from './service-tool';
import { useDocumentTitle } from './use-document-title';
import { useRouteId } from './use-route-id';
import './layout.css';

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
      {!onLogin && <SiteHeader loggedIn={!!token} />}
      <Layout.Content className={onLogin ? 'portal-content portal-content--bare' : 'portal-content'}>
        {navigation.state === 'loading' && <div className="route-progress" aria-hidden />}
        <Suspense fallback={<Spin className="route-spin" />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      {!onLogin && routeId !== 'orderCreate' && <SiteFooter />}
      {!onLogin && <ServiceTool />}
    </Layout>
  );
}
