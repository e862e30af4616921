import { Timeline, Typography } from 'antd';
import { orderNode } from '@portal/domain/enums';
import type { OrderDetail } from '@portal/domain/orders';

/** An order's 操作记录, newest first as the server sends it: the vendor's order detail and the console's. */
export function OperationLog({ records }: { records: OrderDetail['omsOperateRecordList'] }) {
  return (
    <Timeline
      data-testid="operation-log"
      // The times in a column of their own width, not half the card (antd's default for titles).
      titleSpan="170px"
      items={records.map((r) => ({
        title: r.createTime,
        content: (
          <div>
            <strong>{r.nodeName || orderNode.label(r.node)}</strong> {r.content}
            {r.operator && <Typography.Text type="secondary"> — {r.operator}</Typography.Text>}
          </div>
        ),
      }))}
    />
  );
}
