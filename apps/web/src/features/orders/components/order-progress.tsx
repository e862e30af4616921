import { Steps } from 'antd';
import { progressSteps } from '@portal/domain/orders';

/** The 6-step bar of spec 02 §2.4 for the displayed status (rules in progressSteps). */
export function OrderProgress({ status }: { status: number }) {
  const p = progressSteps(status);
  return (
    <Steps
      className="order-progress"
      current={p.current}
      status={p.closed ? 'error' : undefined}
      items={p.steps.map((s) => ({ title: s.title, status: s.state }))}
    />
  );
}
