import { Tag, Typography } from 'antd';
import { PRODUCT_CHECK, productCheck } from '@portal/domain/enums';

const COLOR: Record<number, string> = { [PRODUCT_CHECK.reviewing]: 'processing', [PRODUCT_CHECK.passed]: 'success', [PRODUCT_CHECK.rejected]: 'error' };

/** Review status (spec 02 §4), with the platform's reason under a rejection. */
export function CheckStatusTag({ status, reason }: { status: number; reason?: string }) {
  return (
    <div className="product-check" data-testid="check-status">
      <Tag color={COLOR[status]}>{productCheck.label(status)}</Tag>
      {status === PRODUCT_CHECK.rejected && reason && (
        <Typography.Text type="danger" className="product-check__reason">
          驳回原因：{reason}
        </Typography.Text>
      )}
    </div>
  );
}
