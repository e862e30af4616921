import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { galleryRow } from '@portal/domain/contract/after-sales';
import { download, pageEnvelope } from '@portal/domain/contract/envelope';
import { galleryDownloadBody, galleryListQuery } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { PERM } from '@portal/domain/permissions';
import { page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { ownScope, vendorOf } from '../../plugins/auth';
import { listGallery, picturesForDownload } from './gallery.repository';
import { sendPicturesZip } from './gallery-zip';

/** The completed-work gallery (spec 02 §2.8; paths in docs/decisions/081). */
export default async function galleryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Files on object storage are read through a signed URL, as the browser reads them.
  const remoteUrl = app.config.STORAGE_DRIVER === 'oss' || /^https?:\/\//.test(app.config.FILE_ROOT_URL) ? (path: string) => app.fileUrls.sign(path) : null;
  app.get(API.galleryList, { config: { access: PERM.orderFinish }, schema: { querystring: galleryListQuery, response: { 200: pageEnvelope(galleryRow) } } }, async (req) => {
    const p = vendorOf(req);
    const { rows, total, bounded } = await listGallery(app.db, p.vendorId, ownScope(p, PERM.orderFinish), req.query, app.config.isPostgres, app.config.ORDER_TOTAL_BOUND);
    return page(rows, total, bounded);
  });

  const downloadSchema = { body: galleryDownloadBody, produces: ['application/zip'], response: { 200: download } };
  app.post(API.galleryDownload, { config: { access: PERM.orderFinish }, schema: downloadSchema }, async (req, reply) => {
    const p = vendorOf(req);
    const body = req.body;
    const pictures = await picturesForDownload(app.db, p.vendorId, ownScope(p, PERM.orderFinish), body.picIds, body.orderIds);
    // Another vendor's ids answer exactly as ids that do not exist.
    if (!pictures.length) throw notFound('图片不存在');
    if (!(await sendPicturesZip(reply, app.config.DATA_DIR, remoteUrl, pictures))) throw notFound('图片不存在');
    return reply;
  });
}
