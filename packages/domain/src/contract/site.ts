import { z } from 'zod';
import { time } from './envelope';

/** Answers of the site's reference data (spec 01 §7: config keys, agreements, notices, regions). */

export const configEntry = z.object({ configKey: z.string(), configName: z.string(), configValue: z.string() });
export const agreement = z.object({ id: z.number().int(), title: z.string(), content: z.string().describe('HTML') });
export const notice = z.object({ id: z.number().int(), title: z.string(), image: z.string(), content: z.string(), createTime: time });

export interface RegionNode {
  value: string;
  label: string;
  children?: RegionNode[];
}
/** Province → city → district (codes and names) for the cascader. */
export const regionNode: z.ZodType<RegionNode> = z.object({
  value: z.string(),
  label: z.string(),
  get children() {
    return z.array(regionNode).optional();
  },
}).meta({ id: 'RegionNode' }); // a named component: OpenAPI can only express a recursive schema by a $ref to one (issue 48 item 13)
