import { Fragment } from 'react';
import type { InvoiceRow } from '@portal/domain/statements';

/** 开票内容: the months and orders of a request, one a line, and the orders taken out because they were cancelled and refunded (decision 291). */
export function InvoiceContent({ row }: { row: Pick<InvoiceRow, 'months' | 'orderNos' | 'removedOrderNos'> }) {
  const lines = [...row.months.map((m) => `${m} 月`), ...row.orderNos];
  return (
    <span>
      {lines.map((l, i) => (
        <Fragment key={l}>
          {i ? <br /> : null}
          {l}
        </Fragment>
      ))}
      {row.removedOrderNos.length ? (
        <>
          {lines.length ? <br /> : null}
          <span className="wallet-muted">已取消退款移出：{row.removedOrderNos.join('、')}</span>
        </>
      ) : null}
    </span>
  );
}
