import { Steps } from 'antd';
import { afterSaleSteps, type AfterSaleStateLike } from '@portal/domain/after-sales';

/** 提交申请 → 平台审核 → 赔偿到账 / 售后处理 → 完成; a rejected or withdrawn case stops at review. */
export function AfterSaleProgress({ state }: { state: AfterSaleStateLike }) {
  const { current, error, titles } = afterSaleSteps(state);
  return (
    <Steps
      current={Math.min(current, titles.length - 1)}
      status={error ? 'error' : current >= titles.length ? 'finish' : 'process'}
      items={titles.map((title, i) => ({ title, status: current >= titles.length ? 'finish' : undefined, ...(i === 1 && error ? { title: state.checkStatus === 3 ? '已撤回' : '已驳回' } : {}) }))}
      data-testid="after-sale-progress"
    />
  );
}
