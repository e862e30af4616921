import { SafetyCertificateOutlined, ClockCircleOutlined, AuditOutlined, DollarOutlined, LogoutOutlined, ShoppingOutlined, TeamOutlined, WalletOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { platformToken } from '../../lib/token-store';
import { useDocumentTitle } from '../../app/layout/use-document-title';
import { operatorQuery, operatorQuit } from '../api/console';
import './platform.css';

const MENU = [
  { key: paths.platform.recharges.getHref(), icon: <WalletOutlined />, label: '充值审核' },
  { key: paths.platform.vendors.getHref(), icon: <DollarOutlined />, label: '厂家资金' },
  { key: paths.platform.products.getHref(), icon: <AuditOutlined />, label: '产品审核' },
  { key: paths.platform.orders.getHref(), icon: <ShoppingOutlined />, label: '订单调度' },
  { key: paths.platform.masters.getHref(), icon: <TeamOutlined />, label: '师傅管理' },
  { key: paths.platform.afterSales.getHref(), icon: <AuditOutlined />, label: '售后处理' },
  { key: paths.platform.invoices.getHref(), icon: <FileTextOutlined />, label: '开票管理' },
  { key: paths.platform.sla.getHref(), icon: <ClockCircleOutlined />, label: '服务时效' },
  { key: paths.platform.extraFees.getHref(), icon: <DollarOutlined />, label: '加价申请' },
  { key: paths.platform.timelinessCredit.getHref(), icon: <SafetyCertificateOutlined />, label: '时效赔付规则' },
];

/** The operator console frame: its own sign-in (platform token), side menu, content. */
export function PlatformLayout() {
  useDocumentTitle();
  const token = platformToken.use();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useQuery(operatorQuery(token));

  if (!token) return <Navigate to={paths.platform.login.getHref(location.pathname)} replace />;
  if (location.pathname === paths.platform.path || location.pathname === `${paths.platform.path}/`) {
    return <Navigate to={paths.platform.recharges.getHref()} replace />;
  }
  const selected = MENU.find((m) => location.pathname.startsWith(m.key))?.key;

  const logout = async () => {
    try {
      await operatorQuit();
    } finally {
      platformToken.clear();
      navigate(paths.platform.login.getHref(), { replace: true });
    }
  };

  return (
    <Layout className="platform">
      <Layout.Sider width={208} className="platform__side" theme="dark">
        <div className="platform__brand">
          <img src="/logo.svg" alt="" width={28} height={28} />
          <span>平台运营后台</span>
        </div>
        <Menu theme="dark" mode="inline" items={MENU} selectedKeys={selected ? [selected] : []} onClick={(e) => navigate(e.key)} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="platform__header">
          <span className="platform__who">{me.data?.name ?? ''}</span>
          <Button type="text" icon={<LogoutOutlined />} onClick={logout}>
            退出
          </Button>
        </Layout.Header>
        <Layout.Content className="platform__content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
