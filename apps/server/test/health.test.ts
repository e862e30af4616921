import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_API } from '@portal/domain/api-paths';
import { buildApp } from '../src/app';
import { connectDatabase } from '../src/db/connect';
import { NOT_READY_MSG } from '../src/modules/health/health.routes';
import { startTestApp, type TestApp } from './helper';

// Issue #16, decision 134: /api/health answers while the process is up; /api/ready only while the
// database answers and every migration is applied (HTTP 503 otherwise). Both public and unsigned.

describe('health and readiness probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  // No token, no timestamp, no signature: what a load balancer sends.
  const probe = (app = t.app, url: string) => app.inject({ method: 'GET', url });

  it('health: 200 with the process id, no signature needed', async () => {
    const res = await probe(t.app, OPS_API.health);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'up', pid: process.pid } });
  });

  it('ready: 200 when the database answers and no migration is pending', async () => {
    const res = await probe(t.app, OPS_API.ready);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'ready', database: 'ok' } });
  });

  it('ready: 503 naming the pending migration while one is not applied', async () => {
    const last = await t.db.selectFrom('kysely_migration' as any).select(['name', 'timestamp']).orderBy('name', 'desc').executeTakeFirstOrThrow();
    await t.db.deleteFrom('kysely_migration' as any).where('name', '=', last.name).execute();
    try {
      const res = await probe(t.app, OPS_API.ready);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, msg: NOT_READY_MSG, data: { status: 'not ready', database: 'ok', pendingMigrations: [last.name] } });
      // Health is about the process, not the database: still up.
      expect((await probe(t.app, OPS_API.health)).statusCode).toBe(200);
    } finally {
      await t.db.insertInto('kysely_migration' as any).values(last).execute();
    }
    expect((await probe(t.app, OPS_API.ready)).statusCode).toBe(200);
  });

  it('ready: 503 when the database cannot be reached; health still 200', async () => {
    // A PostgreSQL server that is not there: nothing listens on port 1 (connection refused).
    const handle = await connectDatabase('postgres://postgres@127.0.0.1:1/portal');
    const app = await buildApp(t.config, handle);
    try {
      const res = await probe(app, OPS_API.ready);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, msg: NOT_READY_MSG, data: { database: 'unreachable' } });
      expect((await probe(app, OPS_API.health)).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.db.destroy();
    }
  });

  it('ready: 503 on a database that was never migrated', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'portal-ready-'));
    const handle = await connectDatabase(join(dir, 'empty.sqlite'));
    const app = await buildApp(t.config, handle);
    try {
      const res = await probe(app, OPS_API.ready);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ data: { database: 'ok', pendingMigrations: 'unknown' } });
    } finally {
      await app.close();
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('probes are not rate limited', async () => {
    const limited = await startTestApp({ RATE_LIMIT_CAPTCHA: '1', RATE_LIMIT_LOGIN: '1', RATE_LIMIT_SMS: '1', RATE_LIMIT_REGISTER: '1' });
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => probe(limited.app, i % 2 ? OPS_API.ready : OPS_API.health)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    } finally {
      await limited.close();
    }
  });
});
