import { ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { PERM } from '@portal/domain/permissions';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { NoticeCard } from '../../features/home/components/notice-card';
import { QuickOrderGrid } from '../../features/home/components/quick-order-grid';
import { StatisticTiles } from '../../features/home/components/statistic-tiles';
import { TrendCard } from '../../features/statements/components/trend-card';
import { RatingSummaryCard } from '../../features/customer-service/components/rating-summary-card';
import { useJsonConfig, type PcConfig } from '../../lib/site-config';
import { useAccess } from '../../lib/access';
import '../../features/home/components/home.css';

/** The user home (spec 01 §2): greeting, statistic tiles, quick orders, notice and promo line. */
export default function IndexScreen() {
  const { user, can, loading } = useAccess();
  const navigate = useNavigate();
  const pc = useJsonConfig<PcConfig>('pc');
  return (
    <div className="home">
      <section className="home-hero">
        <div>
          <h1 className="home-hero__title">您好，{user?.company || user?.name || '欢迎回来'}</h1>
          <p className="home-hero__promo">
            全国 <strong>{pc?.zhuanyeshifu ?? '—'}</strong> 万专业师傅，区县覆盖率 <strong>{pc?.zhuanyeshifufugailv ?? '—'}%</strong>，安装维修上门无忧
          </p>
        </div>
        <Button type="primary" size="large" icon={<ThunderboltOutlined />} onClick={() => navigate(paths.orderCreate.getHref())}>
          一键下单
        </Button>
      </section>
      {/* What shows depends on the user's keys: drawn once they are known, so nothing moves in above it. */}
      {!loading && (
        <>
          {can(PERM.orderList) && <StatisticTiles />}
          <div className="home-row">
            {/* Quick orders come from the vendor's orders: shown only with the order list key (decision 115). */}
            {can(PERM.orderList) && (
              <Card title="快捷下单" variant="borderless" className="home-row__main">
                <QuickOrderGrid />
              </Card>
            )}
            <Card title="平台公告" variant="borderless" className="home-row__side">
              <NoticeCard />
            </Card>
          </div>
          {/* Spend is the ledger's: shown with the ledger key (decision 182). */}
          {can(PERM.accountList) && <TrendCard />}
          {/* Ratings are of the vendor's orders: shown with the order list key (issue 47). */}
          {can(PERM.orderList) && <RatingSummaryCard />}
        </>
      )}
    </div>
  );
}
