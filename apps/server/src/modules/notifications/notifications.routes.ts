import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, noData, refusal } from '@portal/domain/contract/envelope';
import { eventStream, notificationPage, notificationPrefs, streamQuery, streamTicket } from '@portal/domain/contract/notifications';
import { API } from '@portal/domain/api-paths';
import { NOTIFICATION_MSG, STREAM_TICKET_SECONDS, notificationListQuery, notificationPrefsBody, notificationReadBody } from '@portal/domain/notifications';
import { CODE } from '@portal/domain/codes';
import { OK_MSG, ok } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { vendorOf } from '../../plugins/auth';
import { listenForNotifications } from './notifications.events';
import { findUserPhone, listNotifications, markAllRead, markRead, prefsOf, savePrefs } from './notifications.repository';
import { issueTicket, redeemTicket } from './notifications-stream.repository';
import { NotificationHub } from './notifications.stream';
import { viewerOf } from './notifications.viewer';

// Registered when the module loads (before the database set-up seeds demo orders through the state
// machine), and again by the plugin: the name makes it one listener.
listenForNotifications();

/** The notification centre (issue 19, decisions 173–175): list, read, preferences and the live stream. */
export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  listenForNotifications();
  const db = app.db;
  const hub = new NotificationHub(db, app.sms, app.log, app.config.NOTIFICATION_STREAMS_PER_USER);
  // Only a listening server polls (test apps answering injected calls do not).
  app.addHook('onListen', async () => hub.start());
  // Open streams would hold the shutdown until its timeout: they end first, and the browsers reconnect elsewhere.
  app.addHook('preClose', async () => hub.stop());
  app.decorate('notificationHub', hub);

  const user = { config: { access: 'user' } } as const;

  app.get(API.notifications, { ...user, schema: { querystring: notificationListQuery, response: { 200: notificationPage } } }, async (req) => {
    const r = await listNotifications(db, viewerOf(vendorOf(req)), req.query);
    return { code: 200 as const, msg: OK_MSG, rows: r.rows, total: r.total, unread: r.unread };
  });

  app.post(API.notificationsRead, { ...user, schema: { body: notificationReadBody, response: { 200: noData } } }, async (req) => {
    const b = req.body;
    const v = viewerOf(vendorOf(req));
    if (b.all) await markAllRead(db, v);
    else await markRead(db, v, b.ids);
    return ok(null, NOTIFICATION_MSG.readOk);
  });

  const prefsAnswer = { 200: envelope(notificationPrefs) };
  app.get(API.notificationPrefs, { ...user, schema: { response: prefsAnswer } }, async (req) => ok(await prefsOf(db, vendorOf(req).userId)));

  app.post(API.notificationPrefs, { ...user, schema: { body: notificationPrefsBody, response: prefsAnswer } }, async (req) => {
    const b = req.body;
    const p = vendorOf(req);
    if (b.prefs.some((x) => x.sms)) {
      const u = await findUserPhone(db, p.userId);
      if (!u?.phone) throw badRequest(NOTIFICATION_MSG.noPhone);
    }
    await savePrefs(db, p.vendorId, p.userId, b.prefs);
    return ok(await prefsOf(db, p.userId), NOTIFICATION_MSG.prefsSaved);
  });

  // A ticket for one stream, asked for with the normal signed session call.
  app.post(API.notificationsTicket, { ...user, schema: { response: { 200: envelope(streamTicket) } } }, async (req) => ok({ ticket: await issueTicket(db, viewerOf(vendorOf(req))), expiresIn: STREAM_TICKET_SECONDS }));

  // The stream itself: an EventSource sends no headers, so the single-use ticket in the URL is the
  // credential (never the session token). Unsigned for the same reason. It names the session that
  // asked for it: the stream lasts while that session does, with its grants as they are (decision 270).
  app.get(API.notificationsStream, { config: { access: 'public', signed: false }, schema: { querystring: streamQuery, produces: ['text/event-stream'], response: { 200: eventStream, 401: refusal } } }, async (req, reply) => {
    const sessionId = await redeemTicket(db, String(req.query.ticket ?? ''));
    const viewer = sessionId ? await hub.viewerOfSession(sessionId) : null;
    if (!viewer) {
      return reply.code(401).send({ code: CODE.unauthorized, msg: NOTIFICATION_MSG.ticketInvalid, data: null });
    }
    reply.hijack();
    // The security headers set so far (helmet's) go out with the stream; it is never compressed.
    const headers = reply.getHeaders() as Record<string, string | number | string[]>;
    delete headers['content-length'];
    await hub.open(viewer, reply.raw, headers);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}
