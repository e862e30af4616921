import type { FastifyInstance } from 'fastify';
import { galleryDownloadBody, galleryListQuery } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { PERM } from '@portal/domain/permissions';
import { page } from '../../lib/envelope';
import { notFound, parse } from '../../lib/errors';
import { ownScope, vendorOf } from '../../plugins/auth';
import { listGallery, picturesForDownload } from './gallery.repository';
import { sendPicturesZip } from './gallery-zip';

/** The completed-work gallery (spec 02 §2.8; paths in docs/decisions/081). */
export default async function galleryRoutes(app: FastifyInstance) {
  // Files on object storage are read through a signed URL, as the browser reads them.
  const remoteUrl = app.config.STORAGE_DRIVER === 'oss' || /^https?:\/\//.test(app.config.FILE_ROOT_URL) ? (path: string) => app.fileUrls.sign(path) : null;
  app.get(API.galleryList, { config: { access: PERM.orderFinish } }, async (req) => {
    const p = vendorOf(req);
    const { rows, total } = await listGallery(app.db, p.vendorId, ownScope(p, PERM.orderFinish), galleryListQuery.parse(req.query ?? {}), app.config.isPostgres);
    return page(rows, total);
  });

  app.post(API.galleryDownload, { config: { access: PERM.orderFinish } }, async (req, reply) => {
    const p = vendorOf(req);
    const body = parse(galleryDownloadBody, req.body);
    const pictures = await picturesForDownload(app.db, p.vendorId, ownScope(p, PERM.orderFinish), body.picIds, body.orderIds);
    // Another vendor's ids answer exactly as ids that do not exist.
    if (!pictures.length) throw notFound('图片不存在');
    if (!(await sendPicturesZip(reply, app.config.DATA_DIR, remoteUrl, pictures))) throw notFound('图片不存在');
    return reply;
  });
}
