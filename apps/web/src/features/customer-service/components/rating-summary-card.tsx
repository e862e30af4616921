import { Card, Empty, Segmented, Statistic } from 'antd';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ratingSummaryQuery } from '../api/customer-service';
import './rating-summary.css';

const PERIODS = [
  { value: 90, label: '近90天' },
  { value: 365, label: '近一年' },
  { value: 0, label: '全部' },
];

/** One bar per group: its average (of 5) as the bar's length, with the count beside. */
function Bars({ caption, rows }: { caption: string; rows: Array<{ key: string; label: string; count: number; average: number }> }) {
  return (
    <figure className="rating-bars">
      <figcaption className="rating-bars__caption">{caption}</figcaption>
      {rows.length ? (
        <ul className="rating-bars__list">
          {rows.map((r) => (
            <li key={r.key} className="rating-bars__row">
              <span className="rating-bars__label" title={r.label}>{r.label}</span>
              <span className="rating-bars__track" aria-hidden="true">
                <span className="rating-bars__bar" style={{ width: `${(r.average / 5) * 100}%` }} />
              </span>
              <span className="rating-bars__value">{r.average.toFixed(1)}分 · {r.count}单</span>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无评价" />
      )}
    </figure>
  );
}

/** 客户满意度 on the home (issue 47): the average rating and count by service type and by product model. */
export function RatingSummaryCard() {
  const [days, setDays] = useState(90);
  const q = useQuery(ratingSummaryQuery(days));
  const s = q.data;
  return (
    <Card title="客户满意度" variant="borderless" className="rating-summary" extra={<Segmented size="small" options={PERIODS} value={days} onChange={(v) => setDays(Number(v))} />} data-testid="rating-summary">
      <Statistic title="平均评分（满分5分）" value={s && s.total.count ? s.total.average.toFixed(1) : '—'} suffix={s ? <small>共 {s.total.count} 条评价</small> : null} />
      <div className="rating-summary__charts">
        <Bars caption="按服务类型" rows={(s?.byServiceType ?? []).map((x) => ({ key: String(x.serviceType), label: x.name, count: x.count, average: x.average }))} />
        <Bars caption="按产品型号（评价最多的10个）" rows={(s?.byModel ?? []).map((x) => ({ key: x.modelName, label: x.modelName, count: x.count, average: x.average }))} />
      </div>
    </Card>
  );
}
