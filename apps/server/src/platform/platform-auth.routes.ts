import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLATFORM_API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { requiredText } from '@portal/domain/validation';
import { ok } from '../lib/envelope';
import { badRequest, parse } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { operatorOf } from '../plugins/auth';
import { createSession, deleteSession } from '../modules/access/access.repository';
import { assertNotLocked, clearFailures, recordFailure, WRONG_CREDENTIALS } from '../modules/access/lockout';

const loginBody = z.object({ account: requiredText(MSG.accountRequired), password: requiredText(MSG.passwordRequired) });

/** The operator's own sign-in for the platform console (role header 'platform'). */
export default async function platformAuthRoutes(app: FastifyInstance) {
  app.post(PLATFORM_API.login, { config: { access: 'public' } }, async (req) => {
    const body = parse(loginBody, req.body);
    const op = await app.db.selectFrom('operators').selectAll().where('account', '=', body.account).executeTakeFirst();
    if (!op) throw badRequest(WRONG_CREDENTIALS);
    assertNotLocked(op);
    if (!(await verifyPassword(body.password, op.password_hash))) return recordFailure(app.db, 'operators', op);
    await clearFailures(app.db, 'operators', op.id);
    return ok({ token: await createSession(app.db, 'platform', op.id, null) }, MSG.loginOk);
  });
  app.post(PLATFORM_API.quit, { config: { access: 'platform' } }, async (req) => ok(await deleteSession(app.db, operatorOf(req).sessionId)));
  app.get(PLATFORM_API.me, { config: { access: 'platform' } }, async (req) => {
    const op = operatorOf(req);
    return ok({ id: op.operatorId, name: op.name, role: 'platform' });
  });
}
