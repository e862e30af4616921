import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { TrendMonth } from '@portal/domain/statements';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, AriaComponent, SVGRenderer]);

/** Spend per month stacked by service type (bars, yuan) and orders paid (line): this module is its own chunk. */
export default function TrendChart({ months }: { months: TrendMonth[] }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'svg' });
    const services = new Map<number, string>();
    for (const m of months) for (const s of m.byService) services.set(s.serviceType, s.name);
    chart.setOption({
      aria: { enabled: true },
      textStyle: { fontFamily: 'inherit' },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 48, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: months.map((m) => m.month.slice(2).replace('-', '/')) },
      yAxis: [
        { type: 'value', name: '支出（元）', axisLabel: { formatter: (v: number) => (v >= 10000 ? `${v / 10000}万` : String(v)) } },
        { type: 'value', name: '订单', minInterval: 1 },
      ],
      series: [
        ...[...services].sort((a, b) => a[0] - b[0]).map(([type, name]) => ({
          name: `${name}支出`,
          type: 'bar',
          stack: 'spend',
          barMaxWidth: 28,
          data: months.map((m) => m.byService.find((s) => s.serviceType === type)?.spend ?? 0),
        })),
        { name: '支付订单数', type: 'line', yAxisIndex: 1, data: months.map((m) => m.orders) },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [months]);
  return <div ref={el} className="trend-card__chart" aria-hidden="true" />;
}
