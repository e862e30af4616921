import { Card, Skeleton, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatYuan } from '../../../lib/yuan';
import { trendQuery } from '../api/statements';
import './statements.css';

const TrendChart = lazy(() => import('./trend-chart'));

const change = (now: number, before: number) => (before === 0 ? (now === 0 ? '持平' : '上月为0') : `${now >= before ? '+' : ''}${(((now - before) / before) * 100).toFixed(1)}%`);

/** 首页 charts (issue 20): this month against last month, and 12 months of orders and spend by service type. */
export function TrendCard() {
  const trend = useQuery(trendQuery());
  const months = trend.data ?? [];
  const now = months[months.length - 1];
  const before = months[months.length - 2];
  return (
    <Card title="近12个月订单与支出" variant="borderless" className="trend-card">
      {now && before ? (
        <div className="trend-card__compare">
          <Statistic title="本月支出（元）" value={formatYuan(now.spend)} suffix={<small>较上月 {change(now.spend, before.spend)}</small>} />
          <Statistic title="本月支付订单" value={now.orders} suffix={<small>上月 {before.orders}</small>} />
        </div>
      ) : null}
      {months.length ? (
        <Suspense fallback={<Skeleton active />}>
          <TrendChart months={months} />
        </Suspense>
      ) : (
        <Skeleton active loading={trend.isLoading} />
      )}
      {/* The chart's text alternative: the same figures as a table for screen readers. */}
      <table className="sr-only">
        <caption>近12个月每月支付订单数与支出</caption>
        <thead>
          <tr>
            <th scope="col">月份</th>
            <th scope="col">支付订单数</th>
            <th scope="col">支出（元）</th>
            <th scope="col">按服务类型</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{m.month}</th>
              <td>{m.orders}</td>
              <td>{formatYuan(m.spend)}</td>
              <td>{m.byService.map((s) => `${s.name} ${s.orders}单 ¥${formatYuan(s.spend)}`).join('；') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
