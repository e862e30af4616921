import { z } from 'zod';
import { time, yuan } from './envelope';

/** Answers of the statement, invoice and trend routes (issue 20, decisions 180–182). */

const statementLine = z.object({ paymentType: z.number().int(), name: z.string(), amount: yuan, count: z.number().int() });

export const statementMonth = z.object({
  month: z.string().describe('YYYY-MM, Asia/Shanghai'),
  closed: z.boolean().describe('the month has ended and its figures are frozen'),
  openingBalance: yuan,
  income: yuan,
  expense: yuan,
  closingBalance: yuan,
  compensationAndRefunds: yuan,
  ordersPaid: z.number().int(),
  balanced: z.boolean().describe('opening + income − expense equals the ledger’s closing balance'),
});

export const statementDetail = statementMonth.extend({ incomeLines: z.array(statementLine), expenseLines: z.array(statementLine) });

export const invoiceRow = z.object({
  id: z.number().int(),
  invoiceNo: z.string(),
  title: z.string(),
  taxpayerId: z.string(),
  invoiceType: z.number().int().describe('1 普通发票, 2 专用发票'),
  email: z.string(),
  amount: yuan,
  months: z.array(z.string()),
  orderNos: z.array(z.string()),
  status: z.number().int().describe('0 已申请, 1 已开票, 2 已驳回, 3 已作废'),
  rejectReason: z.string().describe('the rejection reason, or why it was voided'),
  pdfUrl: z.string().nullable().describe('the issued PDF (a signed link), once issued'),
  createdAt: time,
  decidedAt: time.nullable(),
  removedOrderNos: z.array(z.string()).describe('orders taken out because they were cancelled and refunded before issue'),
  redAmount: yuan.describe('refunded after issue: what red invoices must take back'),
  redPending: yuan.describe('of redAmount, not yet taken back by a registered red invoice'),
  redInvoices: z.array(z.object({ amount: yuan, pdfUrl: z.string(), at: time })).describe('registered red invoices (signed links)'),
});

export const platformInvoiceRow = invoiceRow.extend({
  vendorName: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  registeredAddress: z.string(),
  registeredPhone: z.string(),
});

export const invoiceApplied = z.object({ id: z.number().int(), amount: yuan });
export const invoiceableMonths = z.array(z.object({ month: z.string(), amount: yuan }));

export const trendMonths = z.array(
  z.object({
    month: z.string(),
    orders: z.number().int(),
    spend: yuan,
    byService: z.array(z.object({ serviceType: z.number().int(), name: z.string(), orders: z.number().int(), spend: yuan })),
  }),
);
