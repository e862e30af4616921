import { z } from 'zod';
import { time } from './envelope';

/** Answers of the knowledge base (spec 02 §2.7). */
export const knowledgeItem = z.object({
  id: z.number().int(),
  title: z.string(),
  fileUrl: z.string(),
  fileType: z.number().int(),
  fileName: z.string(),
  createTime: time,
});
export const knowledgeCreated = z.object({ id: z.number().int() });
