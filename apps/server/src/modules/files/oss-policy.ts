import { createHmac } from 'node:crypto';
import { maxBytesFor, type OssToken, type UploadDir } from '@portal/domain/uploads';
import type { Owner } from './upload.service';

export interface OssSettings {
  bucketUrl: string;
  accessKeyId: string;
  accessKeySecret: string;
}

const POLICY_TTL_MS = 15 * 60 * 1000;

/** The key folder names the owner: v<vendorId> for a vendor, p<operatorId> for an operator. */
export const cloudFolder = (dir: UploadDir, owner: Owner) => `${dir}/${owner.kind === 'vendor' ? `v${owner.vendorId}` : `p${owner.operatorId}`}/`;

/**
 * An OSS/S3-compatible browser POST policy for one folder of one owner: the browser may only
 * write keys under `dir`, no larger than the folder's largest allowed file, for 15 minutes.
 */
export function signPostPolicy(s: OssSettings, dir: UploadDir, owner: Owner, now = Date.now()): OssToken {
  const keyDir = cloudFolder(dir, owner);
  const expire = now + POLICY_TTL_MS;
  const policyJson = {
    expiration: new Date(expire).toISOString(),
    conditions: [
      ['content-length-range', 1, maxBytesFor('x.mp4')],
      ['starts-with', '$key', keyDir],
    ],
  };
  const policy = Buffer.from(JSON.stringify(policyJson)).toString('base64');
  const signature = createHmac('sha1', s.accessKeySecret).update(policy).digest('base64');
  // No server callback: the key's folder already names the owner, which is what ownership checks read.
  return { host: s.bucketUrl, dir: keyDir, policy, OSSAccessKeyId: s.accessKeyId, signature, callback: '', expire };
}

