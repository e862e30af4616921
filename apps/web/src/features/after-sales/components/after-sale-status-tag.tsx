import { Tag } from 'antd';
import { AFTER_SALE_CHECK, AFTER_SALE_STATUS } from '@portal/domain/after-sales';
import { afterSaleCheck, afterSaleStatus } from '@portal/domain/enums';

const STATUS_COLOR: Record<number, string> = {
  [AFTER_SALE_STATUS.applying]: 'gold',
  [AFTER_SALE_STATUS.processing]: 'blue',
  [AFTER_SALE_STATUS.completed]: 'green',
  [AFTER_SALE_STATUS.closed]: 'default',
};
const CHECK_COLOR: Record<number, string> = {
  [AFTER_SALE_CHECK.reviewing]: 'processing',
  [AFTER_SALE_CHECK.approved]: 'success',
  [AFTER_SALE_CHECK.rejected]: 'error',
  [AFTER_SALE_CHECK.withdrawn]: 'default',
};

/** A case's status (申请中 / 处理中 / 已完成 / 已关闭). */
export function AfterSaleStatusTag({ status }: { status: number }) {
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-status={status} style={{ marginInlineEnd: 0 }}>
      {afterSaleStatus.label(status) || status}
    </Tag>
  );
}

/** The platform review state (平台审核中 / 已通过 / 已驳回 / 已撤回). */
export function AfterSaleCheckTag({ checkStatus }: { checkStatus: number }) {
  return (
    <Tag color={CHECK_COLOR[checkStatus] ?? 'default'} data-check={checkStatus} style={{ marginInlineEnd: 0 }}>
      {afterSaleCheck.label(checkStatus) || checkStatus}
    </Tag>
  );
}
