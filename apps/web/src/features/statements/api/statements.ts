import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  INVOICE_API,
  PLATFORM_INVOICE_API,
  STATEMENT_API,
  STATEMENT_MSG,
  TREND_API,
  type InvoiceApplyBody,
  type InvoiceRow,
  type StatementDetail,
  type StatementMonth,
  type TrendMonth,
} from '@portal/domain/statements';
import { http } from '../../../lib/request';
import { platformHttp } from '../../../platform/lib/platform-request';

// Monthly statements, invoice requests and the home trend (issue 20). Each query's key is written
// here only; mutations invalidate through these keys.
const keys = {
  statements: ['statements'] as const,
  invoices: ['invoices'] as const,
  platformInvoices: ['platformInvoices'] as const,
};

/** GET /api/app/statement/list: every month since the account opened, newest first. */
export const statementListQuery = () =>
  queryOptions({ queryKey: [...keys.statements, 'list'], queryFn: async () => (await http.page<StatementMonth>(STATEMENT_API.list)).rows });

/** GET /api/app/statement/{month}: the month with its lines per payment type. */
export const statementMonthQuery = (month: string) =>
  queryOptions({ queryKey: [...keys.statements, 'month', month], queryFn: () => http.get<StatementDetail>(STATEMENT_API.month(month)), enabled: !!month });

/** POST /api/app/statement/{month}/export: the month's workbook. */
export const exportStatement = (month: string) => http.download(STATEMENT_API.exportMonth(month), {}, `${STATEMENT_MSG.exportName}${month}.xlsx`);

/** GET /api/app/order/trend: the last 12 months (quiet: the home shows nothing rather than an error). */
export const trendQuery = () => queryOptions({ queryKey: [...keys.statements, 'trend'], queryFn: () => http.get<TrendMonth[]>(TREND_API, { silent: true }) });

export interface InvoiceListParams {
  status?: number;
  pageNum: number;
  pageSize: number;
}

/** GET /api/app/invoice/list */
export const invoiceListQuery = (params: InvoiceListParams) =>
  queryOptions({ queryKey: [...keys.invoices, 'list', params], queryFn: () => http.page<InvoiceRow>(INVOICE_API.list, { ...params }), placeholderData: keepPreviousData });

/** GET /api/app/invoice/invoiceable: ended months and what is still open to invoicing in each. */
export const invoiceableQuery = () =>
  queryOptions({ queryKey: [...keys.invoices, 'invoiceable'], queryFn: () => http.get<{ month: string; amount: number }[]>(INVOICE_API.invoiceable) });

/** POST /api/app/invoice/apply */
export function useApplyInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceApplyBody) => http.post<{ id: number; amount: number }>(INVOICE_API.apply, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.invoices }),
  });
}

export type PlatformInvoiceRow = InvoiceRow & { vendorName: string; bankName: string; bankAccount: string; registeredAddress: string; registeredPhone: string };

/** GET /api/platform/invoice/list (the console) */
export const platformInvoiceListQuery = (params: InvoiceListParams) =>
  queryOptions({
    queryKey: [...keys.platformInvoices, params],
    queryFn: () => platformHttp.page<PlatformInvoiceRow>(PLATFORM_INVOICE_API.list, { ...params }),
    placeholderData: keepPreviousData,
  });

/** POST /api/platform/invoice/issue/{id} with the PDF, or /reject/{id} with a reason. */
export function useDecideInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: number; pdf: string } | { id: number; reason: string }) =>
      'pdf' in a ? platformHttp.post(PLATFORM_INVOICE_API.issue(a.id), { pdf: a.pdf }) : platformHttp.post(PLATFORM_INVOICE_API.reject(a.id), { reason: a.reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.platformInvoices }),
  });
}
