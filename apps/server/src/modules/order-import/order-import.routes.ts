import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { download, envelope } from '@portal/domain/contract/envelope';
import { importResult, importResultUpload, importUpload } from '@portal/domain/contract/order-import';
import { API } from '@portal/domain/api-paths';
import { PERM } from '@portal/domain/permissions';
import { IMPORT_LIMITS, IMPORT_MSG, IMPORT_TEMPLATE_NAME, orderImportQuery } from '@portal/domain/order-import';
import { ok } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { documentedOnly } from '../../plugins/contract';
import { XLSX_TYPE, contentDisposition, timestampedName } from '../../lib/xlsx-stream';
import { vendorOf } from '../../plugins/auth';
import { buildTemplate } from './import-workbook';
import { workbookReader } from './workbook-reader';
import { withVendorImportLock } from './import-lock';
import { IDEMPOTENCY_HEADER } from '@portal/domain/idempotency';
import { orderableModels } from './order-import.repository';
import { importOrders, templateExample, type OrderImportPorts } from './order-import.service';

/** The one file of a multipart upload (field `file`) as bytes, and the form's text fields; every refusal in Chinese. */
async function uploadedForm(req: FastifyRequest): Promise<{ file: Buffer; fields: Map<string, string> }> {
  if (!req.isMultipart()) throw badRequest(IMPORT_MSG.fileRequired);
  let buf: Buffer | null = null;
  const fields = new Map<string, string>();
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (buf || part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(IMPORT_MSG.fileRequired);
      }
      buf = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(IMPORT_MSG.fileTooLarge);
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest(IMPORT_MSG.fileInvalid);
    throw err;
  }
  if (!buf) throw badRequest(IMPORT_MSG.fileRequired);
  return { file: buf, fields };
}

const uploadedBytes = async (req: FastifyRequest) => (await uploadedForm(req)).file;

/** The `rows` field of the 错误原因 form: '6,11,16' → those rows; absent → null. */
function rowsField(text: string | undefined): Set<number> | null {
  if (text === undefined || text.trim() === '') return null;
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length > IMPORT_LIMITS.maxRows || parts.some((s) => !/^\d{1,7}$/.test(s))) throw badRequest(IMPORT_MSG.rowsInvalid);
  return new Set(parts.map(Number));
}

const sendFile = (reply: FastifyReply, name: string, buf: Buffer) =>
  reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(name)).header('cache-control', 'no-store').send(buf);

/**
 * Bulk order import (issue 18, decisions 165–167): the template, the import (dryRun=1: the preview,
 * nothing written) and the upload written back with a 错误原因 column. The order form's create
 * function comes in through `ports` from the composing layer (modules/index.ts).
 */
export function orderImportRoutes(ports: OrderImportPorts): FastifyPluginAsync {
  return async function orderImport(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const db = app.db;
    await app.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 16 * 1024 },
    });
    const reader = workbookReader(app.log);
    app.addHook('onListen', async () => reader.warm());
    app.addHook('onClose', async () => reader.close());
    const add = { config: { access: PERM.orderAdd } } as const;
    // Orders of one import created at the same time: on PostgreSQL their round trips and commits
    // overlap (pool of 10); SQLite writes one at a time anyway (decision 167).
    const concurrency = app.config.isPostgres ? 8 : 1;

    const file = { produces: [XLSX_TYPE], response: { 200: download } };
    const upload = { consumes: ['multipart/form-data'], body: documentedOnly(importUpload) };

    app.get(API.orderImportTemplate, { ...add, schema: file }, async (req, reply) => {
      const { vendorId } = vendorOf(req);
      const [models, example] = await Promise.all([orderableModels(db, vendorId), templateExample(db, vendorId)]);
      return sendFile(reply, IMPORT_TEMPLATE_NAME, await buildTemplate(models, example));
    });

    // One transaction per order; a repeat with the same Idempotency-Key replays the first answer, and a run
    // after a crash creates only what the first run did not (its key marks each order, decision 299). A
    // vendor's imports run one at a time, so each checks for likely duplicates after the other created.
    const importSchema = { ...upload, querystring: orderImportQuery, response: { 200: envelope(importResult) } };
    app.post(API.orderImport, { config: { access: PERM.orderAdd, idempotent: true }, schema: importSchema }, async (req) => {
      const { dryRun, skipDuplicates } = req.query;
      const { rows } = await reader.rows(await uploadedBytes(req));
      const principal = vendorOf(req);
      const header = req.headers[IDEMPOTENCY_HEADER];
      const run = () =>
        importOrders(db, ports, principal, rows, dryRun, {
          onError: (err) => req.log.error({ err }, 'order import: an order was not created'),
          concurrency,
          // The preview names likely duplicates and leaves the choice to the merchant (decision 279).
          skipDuplicates: !dryRun && skipDuplicates,
          importKey: typeof header === 'string' ? header : null,
        });
      const result = dryRun ? await run() : await withVendorImportLock(db, principal.vendorId, run);
      return ok(result, dryRun ? IMPORT_MSG.previewOk : IMPORT_MSG.importOk(result.created, result.alreadyImported));
    });

    // The workbook's rows still to import, each with its 错误原因 (validation only: nothing is written).
    // Rows the import created are left out (decision 240): the web names the rows its import did not
    // create; without them, the rows that fail now are kept.
    const resultUpload = { consumes: ['multipart/form-data'], body: documentedOnly(importResultUpload) };
    app.post(API.orderImportResult, { ...add, schema: { ...resultUpload, ...file } }, async (req, reply) => {
      const form = await uploadedForm(req);
      const keep = rowsField(form.fields.get('rows'));
      const { rows, sheet } = await reader.rows(form.file);
      const result = await importOrders(db, ports, vendorOf(req), rows, true);
      return sendFile(reply, timestampedName('导入结果'), await reader.annotate(form.file, sheet, result.errors, keep ?? new Set(result.errors.map((e) => e.row))));
    });
  };
}
