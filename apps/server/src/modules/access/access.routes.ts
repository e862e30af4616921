import type { FastifyInstance } from 'fastify';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import * as V from '@portal/domain/validation';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/errors';
import { vendorOf } from '../../plugins/auth';
import { accessService } from './access.service';
import { createCaptcha } from '../../lib/captcha';
import { answerLogin, loginCaptchaBody } from './lockout';

export default async function accessRoutes(app: FastifyInstance) {
  const svc = accessService(app);
  const pub = { config: { access: 'public' as const } };
  const user = { config: { access: 'user' as const } };

  app.get(API.captchaImage, pub, async () => ok(await createCaptcha(app.db)));
  app.post(API.sendCode, pub, async (req) => ok(await svc.sendCode(parse(V.sendCodeBody, req.body))));
  app.post(API.sendOldPhoneCode, user, async (req) => ok(await svc.sendOldPhoneCode(vendorOf(req), parse(V.sendOldPhoneCodeBody, req.body))));
  app.post(API.login, pub, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const parsed = parse(V.passwordLoginBody, body);
    return answerLogin(async () => ok(await svc.passwordLogin(parsed, req.ip, parse(loginCaptchaBody, body)), MSG.loginOk));
  });
  app.post(API.loginMobile, pub, async (req) => ok(await svc.smsLogin(parse(V.smsLoginBody, req.body), req.ip), MSG.loginOk));
  app.post(API.register, pub, async (req) => ok(await svc.register(parse(V.registerBody, req.body))));
  app.post(API.forget, pub, async (req) => ok(await svc.forget(parse(V.forgetBody, req.body)), MSG.modifyOk));
  app.post(API.quit, user, async (req) => ok(await svc.logout(vendorOf(req).sessionId)));
  app.post(API.logoff, { config: { access: 'main' } }, async (req) => ok(await svc.closeAccount(vendorOf(req)), MSG.logoffOk));
  app.post(API.updatePass, { config: { access: 'app:user:safe' } }, async (req) =>
    answerLogin(async () => ok(await svc.updatePassword(vendorOf(req), req.body, req.ip), MSG.modifyOk)),
  );
  app.post(API.changePhoneCaptcha, { config: { access: 'app:user:safe' } }, async (req) =>
    ok(await svc.checkOldPhone(vendorOf(req), parse(V.changePhoneCaptchaBody, req.body))),
  );
  app.post(API.changePhone, { config: { access: 'app:user:safe' } }, async (req) =>
    ok(await svc.changePhone(vendorOf(req), parse(V.changePhoneBody, req.body)), MSG.modifyOk),
  );
  app.get(API.userInfo, user, async (req) => ok(await svc.userInfo(vendorOf(req))));
}
