import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, noData } from '@portal/domain/contract/envelope';
import { loginAnswer, operatorInfo } from '@portal/domain/contract/access';
import { z } from 'zod';
import { PLATFORM_API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { requiredText } from '@portal/domain/validation';
import { ok } from '../lib/envelope';
import { operatorOf } from '../plugins/auth';
import { createSession, deleteSession, findOperatorByAccount } from '../modules/access/access.repository';
import { WRONG_CREDENTIALS, answerLogin, guardPasswordCheck, loginCaptchaBody, loginSubject, verifyOrDummy } from '../modules/access/lockout';

// An account longer than any operator's (40) is a wrong name, said as the wrong-credentials text.
const loginBody = z.object({ account: requiredText(MSG.accountRequired).max(40, WRONG_CREDENTIALS), password: requiredText(MSG.passwordRequired) });

/** The operator's own sign-in for the platform console (role header 'platform'). */
export default async function platformAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Same limits as the vendor's login (decision 113): attempts claimed per account name and address,
  // the graphic captcha after three failures, an unknown name as slow as a known one.
  const loginSchema = { body: z.intersection(loginBody, loginCaptchaBody), response: { 200: loginAnswer } };
  app.post(PLATFORM_API.login, { config: { access: 'public' }, schema: loginSchema }, async (req) => {
    const { uuid, code, ...body } = req.body;
    const captcha = { uuid, code };
    return answerLogin(async () => {
      let op: { id: number; password_hash: string } | undefined;
      await guardPasswordCheck(app.db, { subject: loginSubject.operator(body.account), source: req.ip, captcha, captchaGate: true }, async () => {
        op = await findOperatorByAccount(app.db, body.account);
        return verifyOrDummy(body.password, op?.password_hash);
      });
      return ok({ token: await createSession(app.db, 'platform', op!.id, null) }, MSG.loginOk);
    });
  });
  app.post(PLATFORM_API.quit, { config: { access: 'platform' }, schema: { response: { 200: noData } } }, async (req) => {
    // The delete's result carries a bigint count, which JSON cannot write: answer no data.
    await deleteSession(app.db, operatorOf(req).sessionId);
    return ok(null);
  });
  app.get(PLATFORM_API.me, { config: { access: 'platform' }, schema: { response: { 200: envelope(operatorInfo) } } }, async (req) => {
    const op = operatorOf(req);
    return ok({ id: op.operatorId, name: op.name, role: 'platform' as const });
  });
}
