import type { z } from 'zod';
import type { galleryDownloadBody } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** POST download of the chosen originals as a zip (folders by order number); the body as `galleryDownloadBody` reads it. */
export const downloadPictures = (body: z.infer<typeof galleryDownloadBody>) => {
  const stamp = new Date().toISOString().slice(0, 19).replace(/\D/g, '');
  return http.download(API.galleryDownload, body, `完工图库_${stamp}.zip`);
};
