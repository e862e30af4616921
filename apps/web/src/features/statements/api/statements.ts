import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invoiceableMonths, invoiceApplied, invoiceRow, platformInvoiceRow, statementDetail, statementMonth, trendMonths } from '@portal/domain/contract/statements';
import {
  INVOICE_API,
  PLATFORM_INVOICE_API,
  STATEMENT_API,
  STATEMENT_MSG,
  TREND_API,
  type invoiceApplyBody,
  type invoiceIssueBody,
  type invoiceListQuery as invoiceListSchema,
  type invoiceRejectBody,
} from '@portal/domain/statements';
import { http } from '../../../lib/request';
import { platformHttp } from '../../../platform/lib/platform-request';
import { statementKeys as keys } from './keys';

// Monthly statements, invoice requests and the home trend (issue 20): shapes are the routes' schemas.
type StatementMonth = z.infer<typeof statementMonth>;
type StatementDetail = z.infer<typeof statementDetail>;
type InvoiceRow = z.infer<typeof invoiceRow>;

/** GET /api/app/statement/list: every month since the account opened, newest first. */
export const statementListQuery = () =>
  queryOptions({ queryKey: [...keys.statements, 'list'], queryFn: async () => (await http.page<StatementMonth>(STATEMENT_API.list)).rows });

/** GET /api/app/statement/{month}: the month with its lines per payment type. */
export const statementMonthQuery = (month: string) =>
  queryOptions({ queryKey: [...keys.statements, 'month', month], queryFn: () => http.get<StatementDetail>(STATEMENT_API.month(month)), enabled: !!month });

/** POST /api/app/statement/{month}/export: the month's workbook. */
export const exportStatement = (month: string) => http.download(STATEMENT_API.exportMonth(month), {}, `${STATEMENT_MSG.exportName}${month}.xlsx`);

/** GET /api/app/order/trend: the last 12 months (quiet: the home shows nothing rather than an error). */
export const trendQuery = () => queryOptions({ queryKey: [...keys.statements, 'trend'], queryFn: () => http.get<z.infer<typeof trendMonths>>(TREND_API, { silent: true }) });

/** The invoice lists' filters (`invoiceListQuery` of the domain). */
export type InvoiceListParams = Partial<z.infer<typeof invoiceListSchema>> & { pageNum: number; pageSize: number };

/** GET /api/app/invoice/list */
export const invoiceListQuery = (params: InvoiceListParams) =>
  queryOptions({ queryKey: [...keys.invoices, 'list', params], queryFn: () => http.page<InvoiceRow>(INVOICE_API.list, { ...params }), placeholderData: keepPreviousData });

/** GET /api/app/invoice/invoiceable: ended months and what is still open to invoicing in each. */
export const invoiceableQuery = (enabled = true) =>
  queryOptions({ queryKey: [...keys.invoices, 'invoiceable'], queryFn: () => http.get<z.infer<typeof invoiceableMonths>>(INVOICE_API.invoiceable), enabled });

/** POST /api/app/invoice/apply */
export function useApplyInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof invoiceApplyBody>) => http.post<z.infer<typeof invoiceApplied>>(INVOICE_API.apply, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.invoices }),
  });
}

export type PlatformInvoiceRow = z.infer<typeof platformInvoiceRow>;

/** GET /api/platform/invoice/list (the console) */
export const platformInvoiceListQuery = (params: InvoiceListParams) =>
  queryOptions({
    queryKey: [...keys.platformInvoices, params],
    queryFn: () => platformHttp.page<PlatformInvoiceRow>(PLATFORM_INVOICE_API.list, { ...params }),
    placeholderData: keepPreviousData,
  });

/** POST /api/platform/invoice/issue/{id} with the PDF and the amount it is for, /reject/{id} with a reason, or /red/{id} with a red invoice. */
export function useDecideInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: ({ id: number; red?: boolean } & z.input<typeof invoiceIssueBody>) | ({ id: number } & z.input<typeof invoiceRejectBody>)) =>
      'pdf' in a
        ? platformHttp.post<null>((a.red ? PLATFORM_INVOICE_API.red : PLATFORM_INVOICE_API.issue)(a.id), { pdf: a.pdf, amount: a.amount })
        : platformHttp.post<null>(PLATFORM_INVOICE_API.reject(a.id), { reason: a.reason }),
    // A refusal (the amount moved) shows the list again with the new amount.
    onSettled: () => qc.invalidateQueries({ queryKey: keys.platformInvoices }),
  });
}
