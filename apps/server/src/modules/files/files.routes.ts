import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@portal/domain/contract/envelope';
import { ossToken, uploadForm, uploadQuery, uploadResult } from '@portal/domain/contract/files';
import multipart from '@fastify/multipart';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { CLOUD_NOT_CONFIGURED, DEFAULT_UPLOAD_DIR, UPLOAD_DIR_INVALID, VIDEO_MAX_MB_BYTES, isUploadDir, type UploadDir } from '@portal/domain/uploads';
import { ok } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { oneUploadedFile } from '../../lib/one-uploaded-file';
import { operatorOf, vendorOf } from '../../plugins/auth';
import { discardUpload, storeUpload, type Owner } from './upload.service';
import { signPostPolicy } from './oss-policy';
import { documentedOnly } from '../../plugins/contract';

function dirOf(query: unknown): UploadDir {
  const type = (query as { type?: unknown } | undefined)?.type;
  if (type === undefined || type === '') return DEFAULT_UPLOAD_DIR;
  if (!isUploadDir(type)) throw badRequest(UPLOAD_DIR_INVALID);
  return type;
}

const vendorOwner = (req: FastifyRequest): Owner => {
  const p = vendorOf(req);
  return { kind: 'vendor', vendorId: p.vendorId, userId: p.userId };
};
const operatorOwner = (req: FastifyRequest): Owner => ({ kind: 'platform', operatorId: operatorOf(req).operatorId });

/** Vendor users upload through API.*, operators (the console) through PLATFORM_API.*: same checks, own owner. */
export default async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Registered here so only the upload routes parse multipart. The per-type size limits are
  // enforced while streaming (upload.service); this ceiling only stops a runaway body.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: VIDEO_MAX_MB_BYTES + 1, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });

  const uploadFor = (ownerOf: (req: FastifyRequest) => Owner) => async (req: FastifyRequest) => {
    const dir = dirOf(req.query);
    const owner = ownerOf(req);
    const { DATA_DIR } = app.config;
    const signedUrl = (path: string) => app.fileUrls.sign(path);
    const stored = await oneUploadedFile(
      req,
      (part) => storeUpload(app.db, DATA_DIR, signedUrl, dir, owner, part),
      (s) => discardUpload(app.db, DATA_DIR, s.fileUrl),
    );
    return ok(stored);
  };

  const tokenFor = (ownerOf: (req: FastifyRequest) => Owner) => async (req: FastifyRequest) => {
    const dir = dirOf(req.query);
    const c = app.config;
    if (c.STORAGE_DRIVER !== 'oss' || !c.OSS_BUCKET_URL || !c.OSS_ACCESS_KEY_ID || !c.OSS_ACCESS_KEY_SECRET) throw badRequest(CLOUD_NOT_CONFIGURED);
    const settings = { bucketUrl: c.OSS_BUCKET_URL, accessKeyId: c.OSS_ACCESS_KEY_ID, accessKeySecret: c.OSS_ACCESS_KEY_SECRET };
    return ok(signPostPolicy(settings, dir, ownerOf(req)));
  };

  // The upload answers fileUrl as the path the form keeps and url as a signed link to show it.
  // The directory and the form are read by the handlers (their own messages: UPLOAD_DIR_INVALID, UPLOAD_EMPTY).
  const upload = { rawFilePaths: true } as const;
  const query = documentedOnly(uploadQuery);
  const uploadSchema = { consumes: ['multipart/form-data'], querystring: query, body: documentedOnly(uploadForm), response: { 200: envelope(uploadResult) } };
  const tokenSchema = { querystring: query, response: { 200: envelope(ossToken) } };
  app.post(API.uploadFile, { config: { access: 'user', ...upload }, schema: uploadSchema }, uploadFor(vendorOwner));
  app.post(API.ossToken, { config: { access: 'user' }, schema: tokenSchema }, tokenFor(vendorOwner));
  app.post(PLATFORM_API.uploadFile, { config: { access: 'platform', ...upload }, schema: uploadSchema }, uploadFor(operatorOwner));
  app.post(PLATFORM_API.ossToken, { config: { access: 'platform' }, schema: tokenSchema }, tokenFor(operatorOwner));
}
