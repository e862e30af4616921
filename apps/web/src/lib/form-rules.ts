import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import { firstMessage } from '@portal/domain/validation';

/** An antd Form rule backed by a domain zod schema: the message is the schema's first issue. */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const r = schema.safeParse(value);
      if (!r.success) throw new Error(firstMessage(r.error));
    },
  };
}

/** Confirmation field: required with `requiredMsg`, equal to `field` with `mismatchMsg`. */
export function sameAsRule(field: string, requiredMsg: string, mismatchMsg: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') throw new Error(requiredMsg);
      if (value !== getFieldValue(field)) throw new Error(mismatchMsg);
    },
  });
}
