import { payMethod, paymentType, CHANGE_TYPE } from '@portal/domain/enums';
import { payStatusLabel, RECORD_COLUMNS, WALLET_MSG, type AccountRecord } from '@portal/domain/wallet';
import { nowIso } from '../../lib/time';
import { streamXlsx, timestampedName } from '../../lib/xlsx-stream';

const COLUMN_WIDTH: Record<(typeof RECORD_COLUMNS)[number]['key'], number> = {
  orderNo: 24,
  paymentType: 12,
  payTime: 21,
  payAmount: 14,
  balance: 14,
  transactionFlowNo: 27,
  operator: 16,
  payStatus: 10,
  payType: 10,
  remarks: 40,
};

/** The cells of one exported row, in RECORD_COLUMNS order. */
export function exportCells(r: AccountRecord): Array<string | number | null> {
  const signed = r.changeType === CHANGE_TYPE.income ? r.payAmount : -r.payAmount;
  return [
    r.orderNo,
    paymentType.label(r.paymentType),
    r.payTime,
    signed,
    r.balance,
    r.transactionFlowNo,
    r.operator,
    payStatusLabel(r.payStatus),
    payMethod.label(r.payType),
    r.remarks,
  ];
}

/** 收支明细20261123153000.xlsx — named with the Shanghai time of the export. */
export const exportFileName = (now = nowIso()) => timestampedName(WALLET_MSG.exportName, now);

const COLUMNS = RECORD_COLUMNS.map((c) => ({ header: c.title, width: COLUMN_WIDTH[c.key] }));

/** The ledger as .xlsx (unstyled: see streamXlsx). */
export async function* recordRows(batches: AsyncIterable<AccountRecord[]>) {
  for await (const batch of batches) yield batch.map(exportCells);
}

export const streamRecordsXlsx = (batches: AsyncIterable<AccountRecord[]>, onError: (err: unknown) => void) =>
  streamXlsx(WALLET_MSG.exportName, COLUMNS, recordRows(batches), { styled: false, onError });
