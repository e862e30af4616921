import { LogoutOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { MSG } from '@portal/domain/messages';
import { Link, NavLink, useNavigate } from 'react-router';
import { paths, LOGIN_TYPE } from '../../config/paths';
import { useJsonConfig, type PcConfig } from '../../lib/site-config';
import { useNavTargets } from '../../features/access/nav-targets';
import { quit } from '../../features/access/api/quit';
import { useRouteId } from './use-route-id';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { notificationTarget } from '../notifications/notification-target';

const ORDER_ROUTES = ['order', 'orderDetail', 'product', 'productAdd', 'wanGongAlbum', 'afterSale', 'afterSaleDetail', 'afterSaleOrderDetail', 'zhiShiKu', 'orderPay'];
const WALLET_ROUTES = ['account', 'accountRecharge'];
const ACCOUNT_ROUTES = ['zhangHaoInfo', 'zhangHaoSafety', 'zhangHao', 'kaiFangJieKou'];

export function SiteHeader({ loggedIn }: { loggedIn: boolean }) {
  const nav = useNavTargets();
  const routeId = useRouteId();
  const navigate = useNavigate();
  const pc = useJsonConfig<PcConfig>('pc');

  const item = (label: string, to: string, active: boolean) => (
    <NavLink to={to} className={active ? 'head-nav__item is-active' : 'head-nav__item'}>
      {label}
    </NavLink>
  );

  const logout = async () => {
    await quit();
    navigate(paths.login.getHref(LOGIN_TYPE.login), { replace: true });
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.index.getHref()} className="brand" aria-label="厂家服务下单门户 首页">
          <img src={pc?.logo || '/logo.svg'} alt="" width={36} height={36} />
          <span className="brand__name">厂家服务下单门户</span>
        </Link>
        <nav className="head-nav" aria-label="主导航">
          {item(MSG.navHome, nav.home, routeId === 'index')}
          {item(MSG.navOrders, nav.orders, ORDER_ROUTES.includes(routeId))}
          {nav.showWallet && item(MSG.navWallet, nav.wallet, WALLET_ROUTES.includes(routeId))}
          {nav.showAccountInfo && item(MSG.navAccount, nav.accountInfo, ACCOUNT_ROUTES.includes(routeId))}
        </nav>
        <div className="site-header__actions">
          <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => navigate(paths.orderCreate.getHref())}>
            一键下单
          </Button>
          {loggedIn && <NotificationBell onOpen={notificationTarget} allHref={paths.manage.notifications.getHref()} navigate={(to) => navigate(to)} />}
          {loggedIn ? (
            <Button type="text" icon={<LogoutOutlined />} onClick={logout}>
              退出
            </Button>
          ) : (
            <span className="site-header__auth">
              <Link to={paths.login.getHref(LOGIN_TYPE.register)}>注册</Link>
              <span aria-hidden>/</span>
              <Link to={paths.login.getHref(LOGIN_TYPE.login)}>登录</Link>
            </span>
          )}
        </div>
      </div>
    </header>
  );
}
