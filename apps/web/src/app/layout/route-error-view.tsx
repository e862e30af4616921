import { Button, Result } from 'antd';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { paths } from '../../config/paths';

/** Unknown routes and screens that failed to load or render (a new release, a broken chunk). */
export default function RouteErrorView({ notFound = false }: { notFound?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const missing = notFound || (isRouteErrorResponse(error) && error.status === 404);
  return (
    <Result
      status={missing ? '404' : 'warning'}
      title={missing ? '页面不存在' : '页面加载失败'}
      subTitle={missing ? '您访问的页面不存在或已被移除' : '页面可能已更新，请刷新后重试'}
      extra={[
        <Button key="home" type="primary" onClick={() => navigate(paths.index.getHref())}>
          返回首页
        </Button>,
        !missing && (
          <Button key="reload" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        ),
      ]}
    />
  );
}
