import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { importResult } from '@portal/domain/contract/order-import';
import { IMPORT_TEMPLATE_NAME } from '@portal/domain/order-import';
import { MSG } from '@portal/domain/messages';
import { CODE_TEXT, type Envelope } from '@portal/domain/codes';
import { ROLE } from '@portal/domain/enums';
import { http, ApiError } from '../../../lib/request';
import { signedHeaders } from '../../../lib/http-client';
import { vendorToken } from '../../../lib/token-store';
import { filenameFromDisposition, saveBlob } from '../../../lib/save-blob';
import { newIdempotencyKey } from '../../../lib/idempotency-keys';
import { notifier } from '../../../lib/notifier';

// Bulk import (issue 18): the template, the preview/import upload and the 错误原因 workbook.

/** A signed request whose answer is a file (or a JSON refusal, shown as a toast). */
async function fetchFile(method: 'GET' | 'POST', path: string, body: FormData | undefined, fallbackName: string) {
  const token = vendorToken.get();
  const headers = signedHeaders(ROLE.manufacturer, token, method, path, '', '');
  if (token) headers.Authorization = `Bearer ${token}`;
  const hide = notifier().message.loading(MSG.downloading, 0);
  try {
    const res = await fetch(path, { method, headers, body });
    const blob = await res.blob();
    if (!res.ok || blob.type.includes('application/json')) {
      let text: string = MSG.downloadFailed;
      try {
        const json = JSON.parse(await blob.text()) as Envelope;
        text = json.msg || CODE_TEXT[json.code] || text;
      } catch {
        /* not JSON */
      }
      notifier().message.error(text);
      throw new ApiError(-1, text, res.status);
    }
    saveBlob(blob, filenameFromDisposition(res.headers.get('content-disposition')) || fallbackName);
  } finally {
    hide();
  }
}

/** GET /api/app/order/import/template → 批量下单导入模板.xlsx */
export const downloadImportTemplate = () => fetchFile('GET', API.orderImportTemplate, undefined, IMPORT_TEMPLATE_NAME);

/**
 * POST /api/app/order/import/result: the chosen file back with only `rows` (the rows not imported),
 * each with its 错误原因 (nothing is written; decision 240).
 */
export function downloadImportErrors(file: File, rows: number[]) {
  const form = new FormData();
  form.append('rows', rows.join(','));
  form.append('file', file, file.name);
  return fetchFile('POST', API.orderImportResult, form, '导入结果.xlsx');
}

/**
 * POST /api/app/order/import (dryRun: the preview). The import carries the file's own Idempotency-Key
 * (one per chosen file, decision 128), so a repeated click or a retry never creates twice.
 */
export const importOrders = (file: File, opts: { dryRun: boolean; skipDuplicates?: boolean; idempotencyKey?: string; onProgress?: (p: number) => void }) =>
  http.upload<z.infer<typeof importResult>>(API.orderImport, file, {
    // The import checks likely duplicates itself and skips them unless told 0 (decision 299).
    query: opts.dryRun ? { dryRun: 1 } : { skipDuplicates: opts.skipDuplicates === false ? 0 : 1 },
    onProgress: opts.onProgress,
    idempotencyKey: opts.dryRun ? undefined : opts.idempotencyKey,
    silent: true,
  });

export { newIdempotencyKey };
