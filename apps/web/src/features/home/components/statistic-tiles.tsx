import { RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { HOME_TILE_STATUS, PUBLISHED_ORDER_BASE } from '@portal/domain/enums';
import { Link } from 'react-router';
import { ALL_ORDER_STATUS, paths } from '../../../config/paths';
import { usePublishedCount } from '../api/get-published-count';
import { useSlaSummary } from '../api/get-sla-summary';
import { orderStatisticsQuery, type OrderStatistics } from '../api/home';

// 待服务 and 待结算 stand for status sets (decision 002); the list's route param takes them comma-joined.
const TILES: Array<{ label: string; key: keyof typeof HOME_TILE_STATUS }> = [
  { label: '待付款', key: 'obligations' },
  { label: '待接单', key: 'pendingOrder' },
  { label: '待服务', key: 'serviced' },
  { label: '待结算', key: 'settled' },
  { label: '已完成', key: 'completed' },
  { label: '售后', key: 'afterSale' },
];

/** Order statistic tiles, each opening the order list at its status (needs app:order:list). */
export function StatisticTiles() {
  const q = useQuery(orderStatisticsQuery());
  const stats = q.data;
  const value = (k: keyof OrderStatistics) => Number(stats?.[k] ?? 0);
  // Spec 02 §7: the landing shows the base plus the platform's published-order count.
  const published = usePublishedCount();
  // Orders past their timeliness target (issue 19), opening the list filtered 已超时.
  const sla = useSlaSummary();
  return (
    <div className="home-stats">
      <div className="home-stats__total">
        <div className="home-stats__total-label">累计发布订单</div>
        <div className="home-stats__total-value">{(PUBLISHED_ORDER_BASE + (published.data ?? 0)).toLocaleString('zh-CN')}</div>
        <Link to={paths.manage.order.getHref(ALL_ORDER_STATUS)}>
          <Button ghost>
            全部订单 <RightOutlined />
          </Button>
        </Link>
      </div>
      <ul className="home-stats__tiles">
        {TILES.map((t) => (
          <li key={t.key}>
            <Link to={paths.manage.order.getHref(HOME_TILE_STATUS[t.key].join(','))} className="home-stats__tile" data-testid={`tile-${t.key}`}>
              <span className="home-stats__num">{value(t.key)}</span>
              <span className="home-stats__label">{t.label}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={`${paths.manage.order.getHref(ALL_ORDER_STATUS)}?sla=overdue`} className="home-stats__tile home-stats__tile--overdue" data-testid="overdue-tile">
            <span className="home-stats__num">{sla.data?.overdue ?? 0}</span>
            <span className="home-stats__label">已超时</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
