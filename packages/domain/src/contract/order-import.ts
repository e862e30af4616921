import { z } from 'zod';
import { yuan } from './envelope';

/** Answers of the bulk order import (issue 18, decisions 165–167). */

export const importError = z.object({
  row: z.number().int().describe('the sheet row (the header is row 1); 0 for the whole file'),
  column: z.string().describe("the column's header text; '' for the whole row"),
  message: z.string(),
});

export const importOrderPreview = z.object({
  rows: z.array(z.number().int()).describe('the sheet rows of the order (one per product line)'),
  orderId: z.number().int().nullable().describe('null in a preview'),
  orderNo: z.string(),
  realName: z.string(),
  phone: z.string(),
  address: z.string(),
  parole: z.string(),
  serviceType: z.string(),
  lines: z.array(z.object({ model: z.string(), number: z.number().int() })),
  totalPrice: yuan.nullable().describe('created orders: the total to pay; a preview: what it would cost as created now (null when it cannot be priced)'),
  status: z.number().int().nullable().describe('created orders: 100 待付款, 200 when out of warranty; null in a preview'),
  duplicateOf: z.string().nullable().describe('the order number of a live order placed in the last 30 days for the same phone, address and products: this one is likely imported again'),
  skipped: z.boolean().describe('not created: a likely duplicate (skipped unless skipDuplicates=0)'),
  alreadyImported: z.boolean().describe('created by an earlier, interrupted run of the same import (same Idempotency-Key); not created again'),
  doorTime: z.string().nullable().describe('上门时间 (YYYY-MM-DD HH:mm:ss, Shanghai); null when not given'),
  urgent: z.string().describe("加急: '12小时' or '24小时'; '' when not urgent"),
});

export const importResult = z.object({
  total: z.number().int().describe('data rows read'),
  created: z.number().int().describe('orders created (dryRun: orders that would be created)'),
  failed: z.number().int().describe('rows not imported'),
  skipped: z.number().int().describe('orders not created as likely duplicates (unless skipDuplicates=0)'),
  alreadyImported: z.number().int().describe('of created: orders an earlier, interrupted run of the same import (same Idempotency-Key) created'),
  orderIds: z.array(z.number().int()),
  errors: z.array(importError),
  orders: z.array(importOrderPreview),
  dryRun: z.boolean(),
});

/** The multipart form (documented; the handler reads the file itself). */
export const importUpload = z.object({ file: z.string().meta({ format: 'binary', description: '.xlsx，不超过2MB、1000行' }) });

/** The 错误原因 workbook's form: the file and, optionally, the rows to write back. */
export const importResultUpload = importUpload.extend({
  rows: z
    .string()
    .optional()
    .meta({
      description:
        'the sheet rows to write back, comma-separated (e.g. the rows an import did not create: its errors\' rows); without it the rows that fail validation now. Every other data row is left out, so the file holds only what is still to import',
      example: '6,11,16',
    }),
});
