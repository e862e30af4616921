import { describe, expect, test } from 'vitest';
import { MSG } from './messages';
import { loginPassword, phone, requiredText, firstMessage } from './validation';
import { accountRule, loginPasswordRule, phoneRule, ruleMessage } from './login-rules';

const classic = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? '' : firstMessage(r.error!);
};

const VALUES: unknown[] = [undefined, null, '', '   ', 'a', '1380013800a', '1380013800', '13800138000', ' 13800138000 ', '138001380001', 'abc\u0000', '密码', 12345678901, {}];

describe('login-rules (zod/mini) answer as validation.ts does', () => {
  test.each([
    ['phone', phoneRule, phone],
    ['loginPassword', loginPasswordRule, loginPassword],
    ['account', accountRule, requiredText(MSG.accountRequired)],
  ] as const)('%s', (_name, mini, full) => {
    for (const v of VALUES) expect(ruleMessage(mini, v), JSON.stringify(v)).toBe(classic(full, v));
  });
});
