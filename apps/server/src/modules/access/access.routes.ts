import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordByOldBody } from '@portal/domain/accounts';
import { envelope, noData } from '@portal/domain/contract/envelope';
import { captchaImage, loginAnswer, passwordChangeAnswer, userInfoAnswer } from '@portal/domain/contract/access';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import * as V from '@portal/domain/validation';
import { ok } from '../../lib/envelope';
import { documentedOnly } from '../../plugins/contract';
import { vendorOf } from '../../plugins/auth';
import { accessService } from './access.service';
import { createCaptcha } from '../../lib/captcha';
import { answerLogin, loginCaptchaBody } from './lockout';

export default async function accessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const svc = accessService(app);
  const pub = { access: 'public' } as const;
  const user = { access: 'user' } as const;
  const safe = { access: 'app:user:safe' } as const;
  const done = { 200: noData };

  app.get(API.captchaImage, { config: pub, schema: { response: { 200: envelope(captchaImage) } } }, async () => ok(await createCaptcha(app.db)));
  app.post(API.sendCode, { config: pub, schema: { body: V.sendCodeBody, response: done } }, async (req) => ok(await svc.sendCode(req.body)));
  app.post(API.sendOldPhoneCode, { config: user, schema: { body: V.sendOldPhoneCodeBody, response: done } }, async (req) => ok(await svc.sendOldPhoneCode(vendorOf(req), req.body)));
  // The graphic captcha's uuid/code ride along once three attempts failed (decision 113).
  app.post(API.login, { config: pub, schema: { body: z.intersection(V.passwordLoginBody, loginCaptchaBody), response: { 200: loginAnswer } } }, async (req) => {
    const { uuid, code, ...login } = req.body;
    return answerLogin(async () => ok(await svc.passwordLogin(login, req.ip, { uuid, code }), MSG.loginOk));
  });
  app.post(API.loginMobile, { config: pub, schema: { body: V.smsLoginBody, response: { 200: loginAnswer } } }, async (req) => ok(await svc.smsLogin(req.body, req.ip), MSG.loginOk));
  app.post(API.register, { config: pub, schema: { body: V.registerBody, response: { 200: loginAnswer } } }, async (req) => ok(await svc.register(req.body)));
  app.post(API.forget, { config: pub, schema: { body: V.forgetBody, response: done } }, async (req) => ok(await svc.forget(req.body), MSG.modifyOk));
  app.post(API.quit, { config: user, schema: { response: done } }, async (req) => ok(await svc.logout(vendorOf(req).sessionId)));
  app.post(API.logoff, { config: { access: 'main' }, schema: { response: done } }, async (req) => ok(await svc.closeAccount(vendorOf(req)), MSG.logoffOk));
  // With a bound phone the SMS code, a sub-account without one its old password: the service picks the rule.
  const passBody = documentedOnly(z.union([V.changePasswordBody, changePasswordByOldBody]));
  app.post(API.updatePass, { config: safe, schema: { body: passBody, response: { 200: passwordChangeAnswer } } }, async (req) =>
    answerLogin(async () => ok(await svc.updatePassword(vendorOf(req), req.body, req.ip), MSG.modifyOk)),
  );
  app.post(API.changePhoneCaptcha, { config: safe, schema: { body: V.changePhoneCaptchaBody, response: done } }, async (req) =>
    ok(await svc.checkOldPhone(vendorOf(req), req.body)),
  );
  app.post(API.changePhone, { config: safe, schema: { body: V.changePhoneBody, response: done } }, async (req) =>
    ok(await svc.changePhone(vendorOf(req), req.body), MSG.modifyOk),
  );
  app.get(API.userInfo, { config: user, schema: { response: { 200: userInfoAnswer } } }, async (req) => ok(await svc.userInfo(vendorOf(req))));
}
