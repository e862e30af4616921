import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CODE } from '@portal/domain/codes';
import { NOTIFICATION_MSG, STREAM_EVENT } from '@portal/domain/notifications';
import { RATE_LIMITED } from '../../plugins/rate-limit';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { startTestServer, startWorkersServer } from '../../../test/spawn-server';
import { openStream, until, type OpenStream } from './stream.fixtures';

// Live streams per user (decision 295): a process keeps at most NOTIFICATION_STREAMS_PER_USER open
// streams of one user — one more replaces that user's oldest, which is told so before it ends — and
// tickets are limited per user and window (RATE_LIMIT_STREAM_TICKETS).

const CAP = 3;
type Server = Awaited<ReturnType<typeof startTestServer>>;

const ticketOf = async (server: Server, token: string) => {
  const r = await server.call('POST', API.notificationsTicket, {}, { token });
  expect(r.body.code).toBe(200);
  return r.body.data.ticket as string;
};
const streamOf = async (server: Server, token: string) => openStream(server.base, await ticketOf(server, token));
const replaced = (s: OpenStream) => s.events.some((e) => e.event === STREAM_EVENT.replaced);
const ready = (s: OpenStream) => s.events.some((e) => e.event === STREAM_EVENT.ready);
/** Waits until every stream has opened and each replaced one has ended, then a little more. */
async function settled(streams: OpenStream[]) {
  expect(await until(() => streams.every((s) => ready(s) && (!replaced(s) || s.state.ended)), 5000)).toBe(true);
  await new Promise((r) => setTimeout(r, 300));
}

describe('streams per user, one process', () => {
  let t: TestApp;
  let server: Server;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_STREAM_TICKETS: '10' });
    server = await startTestServer(t, { NOTIFICATION_STREAMS_PER_USER: String(CAP), RATE_LIMIT_STREAM_TICKETS: '1000' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it('one stream more than the cap replaces the user\'s oldest, which is told so in Chinese; other users keep theirs', async () => {
    const v = await createVendor(t);
    const w = await createVendor(t);
    const other = await streamOf(server, w.token);
    const mine: OpenStream[] = [];
    try {
      for (let i = 0; i < CAP; i++) mine.push(await streamOf(server, v.token));
      await settled([other, ...mine]);
      expect(mine.some(replaced)).toBe(false);

      mine.push(await streamOf(server, v.token));
      await settled(mine);
      expect(mine[0]!.state.ended).toBe(true);
      expect(mine[0]!.events.find((e) => e.event === STREAM_EVENT.replaced)!.data).toEqual({ msg: NOTIFICATION_MSG.streamReplaced });
      expect(mine.slice(1).map((s) => s.state.ended)).toEqual([false, false, false]);
      expect(other.state.ended).toBe(false);
      expect(replaced(other)).toBe(false);
    } finally {
      for (const s of [other, ...mine]) await s.close();
    }
  }, 30_000);

  it('20 streams of one user opened at once, twice: exactly the cap stay open, every other one is replaced', async () => {
    const v = await createVendor(t);
    for (let round = 0; round < 2; round++) {
      const tickets = await Promise.all(Array.from({ length: 20 }, () => ticketOf(server, v.token)));
      const streams = await Promise.all(tickets.map((ticket) => openStream(server.base, ticket)));
      try {
        await settled(streams);
        expect(streams.filter((s) => !s.state.ended)).toHaveLength(CAP);
        expect(streams.filter((s) => s.state.ended && replaced(s))).toHaveLength(20 - CAP);
      } finally {
        for (const s of streams) await s.close();
      }
    }
  }, 30_000);

  it('tickets: 15 asked at once give exactly 10, the rest 请求过于频繁 with Retry-After; another user still gets one', async () => {
    const v = await createVendor(t);
    const w = await createVendor(t);
    for (const token of [v.token]) {
      const answers = await Promise.all(Array.from({ length: 15 }, () => post(t, API.notificationsTicket, {}, { token })));
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(10);
      const refused = answers.filter((a) => a.body.code !== 200);
      expect(refused).toHaveLength(5);
      for (const r of refused) expect(r.body).toEqual({ code: 400, msg: RATE_LIMITED, data: null });
      expect(Number(refused[0]!.res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await post(t, API.notificationsTicket, {}, { token: w.token })).body.code).toBe(200);
    // a call without a session is refused as before and counts against no one
    expect((await post(t, API.notificationsTicket, {})).body.code).toBe(CODE.unauthorized);
  });
});

describe('streams per user with WORKERS=2', () => {
  let t: TestApp;
  let server: Server;
  beforeAll(async () => {
    t = await startTestApp();
    server = await startWorkersServer(t, { NOTIFICATION_STREAMS_PER_USER: String(CAP), RATE_LIMIT_STREAM_TICKETS: '40' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it('60 tickets asked at once across both processes give exactly 40', async () => {
    const v = await createVendor(t);
    const answers = await Promise.all(Array.from({ length: 60 }, () => server.call('POST', API.notificationsTicket, {}, { token: v.token })));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(40);
    expect(answers.filter((a) => a.body.code === 400 && a.body.msg === RATE_LIMITED)).toHaveLength(20);
  }, 30_000);

  it('30 streams of one user at once: each process keeps at most the cap, the rest are replaced', async () => {
    const v = await createVendor(t);
    const tickets = await Promise.all(Array.from({ length: 30 }, () => ticketOf(server, v.token)));
    const streams = await Promise.all(tickets.map((ticket) => openStream(server.base, ticket)));
    try {
      await settled(streams);
      const open = streams.filter((s) => !s.state.ended).length;
      expect(open).toBeGreaterThanOrEqual(CAP);
      expect(open).toBeLessThanOrEqual(2 * CAP);
      expect(streams.filter((s) => s.state.ended && replaced(s))).toHaveLength(30 - open);
    } finally {
      for (const s of streams) await s.close();
    }
  }, 30_000);
});
