/**
 * Query key prefixes of statements, invoices and the home trend (issue 20). Only the queryOptions of
 * this folder write a full key; mutations invalidate a prefix.
 */
export const statementKeys = {
  statements: ['statements'] as const,
  invoices: ['invoices'] as const,
  platformInvoices: ['platformInvoices'] as const,
};
