import { Menu, Skeleton } from 'antd';
import type { MenuProps } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAccess } from '../../lib/access';
import { visibleMenu } from './manage-menu';
import { useRouteId } from './use-route-id';

/** /manage: side menu groups (spec 01 §2) gated by permission, the screen beside it. */
export function ManageLayout() {
  const { can, isMain, loading } = useAccess();
  const routeId = useRouteId();
  const location = useLocation();
  const navigate = useNavigate();
  const groups = visibleMenu(can, isMain);

  const first = groups[0]?.items[0];
  if (location.pathname === paths.manage.path || location.pathname === `${paths.manage.path}/`) {
    if (loading) return <Skeleton active />;
    return <Navigate to={first?.href ?? paths.index.getHref()} replace />;
  }

  const items: MenuProps['items'] = groups.map((g) => ({
    key: g.key,
    label: g.label,
    type: 'group',
    children: g.items.map((i) => ({ key: i.href, label: i.label })),
  }));
  const selected = groups.flatMap((g) => g.items).find((i) => i.routes.includes(routeId))?.href;

  return (
    <div className="manage">
      <aside className="manage__side" aria-label="管理菜单">
        {loading ? (
          <Skeleton active paragraph={{ rows: 8 }} style={{ padding: 16 }} />
        ) : (
          <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} onClick={(e) => navigate(e.key)} />
        )}
      </aside>
      <section className="manage__main">
        <Outlet />
      </section>
    </div>
  );
}
