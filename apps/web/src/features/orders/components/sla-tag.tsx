import { ClockCircleOutlined } from '@ant-design/icons';
import { SLA_MSG, slaCountdown, type OrderSla } from '@portal/domain/sla';
import { Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';

/** Shanghai 'YYYY-MM-DD HH:mm:ss' → epoch ms. */
const msOf = (shanghai: string) => Date.parse(`${shanghai.replace(' ', 'T')}+08:00`);

/**
 * The order's timeliness (issue 19): a countdown to its stage's due time, or 已超时. Ticks each
 * minute; nothing when no stage runs against the platform.
 */
export function SlaTag({ sla }: { sla: OrderSla | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!sla?.dueAt) return;
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, [sla?.dueAt]);
  if (!sla?.stage || !sla.dueAt) return null;
  const left = msOf(sla.dueAt) - now;
  const overdue = sla.overdue || left <= 0;
  const soon = !overdue && left < 60 * 60_000;
  return (
    <Tooltip title={`${sla.stageName}时效：应于 ${sla.dueAt} 前完成`}>
      <Tag color={overdue ? 'red' : soon ? 'orange' : 'default'} icon={<ClockCircleOutlined />} data-testid="sla-tag" data-overdue={overdue ? '1' : '0'}>
        {overdue ? `${sla.stageName}${SLA_MSG.overdue}` : `${sla.stageName} ${slaCountdown(left)}`}
      </Tag>
    </Tooltip>
  );
}
