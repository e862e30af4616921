import { changeType, paymentType, serviceType } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import { STATEMENT_MSG, type StatementDetail } from '@portal/domain/statements';
import type { DB } from '../../db/database';
import { monthBounds } from '../../lib/months';
import { toShanghai } from '../../lib/time';
import { streamXlsxSheets, type Cell } from '../../lib/xlsx-stream';
import { ordersPaidRows, recordsMovedIn } from './statements.repository';

const MONEY = '#,##0.00';

/** 月度对账单2026-10.xlsx */
export const statementFileName = (month: string) => `${STATEMENT_MSG.exportName}${month}.xlsx`;

function summaryRows(d: StatementDetail): Cell[][] {
  const rows: Cell[][] = [
    ['月份', d.month],
    ['状态', d.closed ? '已结账' : '本月进行中'],
    ['期初余额', d.openingBalance],
    ['本月收入', d.income],
    ['本月支出', d.expense],
    ['期末余额', d.closingBalance],
    ['其中赔偿与退款', d.compensationAndRefunds],
    ['支付订单数', d.ordersPaid],
    ['核对（期初+收入−支出=期末）', d.balanced ? '一致' : '不一致'],
    [null, null],
    ['收入明细', null],
  ];
  for (const l of d.incomeLines) rows.push([`${l.name}（${l.count}笔）`, l.amount]);
  rows.push([null, null], ['支出明细', null]);
  for (const l of d.expenseLines) rows.push([`${l.name}（${l.count}笔）`, l.amount]);
  return rows;
}

async function* once(rows: Cell[][]) {
  yield rows;
}

/** The month as a workbook: 汇总, 流水明细 (every record) and 支付订单 (every order paid), streamed. */
export function streamStatementXlsx(db: DB, vendorId: number, d: StatementDetail, onError: (err: unknown) => void) {
  const { start, end } = monthBounds(d.month);
  async function* records() {
    for await (const rows of recordsMovedIn(db, vendorId, start, end)) {
      yield rows.map((r): Cell[] => [
        toShanghai(r.moved_at),
        r.transaction_flow_no,
        changeType.label(r.change_type),
        paymentType.label(r.payment_type),
        fenToYuan(Number(r.amount_fen)),
        r.balance_after_fen === null ? null : fenToYuan(Number(r.balance_after_fen)),
        r.order_no ?? '',
        r.operator,
        r.remarks,
      ]);
    }
  }
  async function* orders() {
    for await (const rows of ordersPaidRows(db, vendorId, start, end)) {
      yield rows.map((r): Cell[] => [
        r.order_no,
        r.real_name,
        serviceType.label(r.service_type),
        fenToYuan(Number(r.total_fen)),
        fenToYuan(-Number(r.amount_fen)),
        toShanghai(r.moved_at),
      ]);
    }
  }
  return streamXlsxSheets(
    [
      { name: '汇总', columns: [{ header: '项目', width: 30 }, { header: '金额/内容', width: 18, numFmt: MONEY }], batches: once(summaryRows(d)) },
      {
        name: '流水明细',
        columns: [
          { header: '时间', width: 21 },
          { header: '流水号', width: 27 },
          { header: '收支类型', width: 10 },
          { header: '款项类型', width: 12 },
          { header: '金额（元）', width: 14, numFmt: MONEY },
          { header: '余额（元）', width: 14, numFmt: MONEY },
          { header: '订单号', width: 24 },
          { header: '操作人', width: 16 },
          { header: '备注', width: 40 },
        ],
        batches: records(),
      },
      {
        name: '支付订单',
        columns: [
          { header: '订单号', width: 24 },
          { header: '客户', width: 16 },
          { header: '服务类型', width: 10 },
          { header: '订单金额（元）', width: 14, numFmt: MONEY },
          { header: '支付金额（元）', width: 14, numFmt: MONEY },
          { header: '支付时间', width: 21 },
        ],
        batches: orders(),
      },
    ],
    { styled: true, onError },
  );
}
