import type { FastifyBaseLogger } from 'fastify';
import type { DB, Tx } from '../db/database';
import { KeptUntilNotice } from '../lib/kept-until-notice';
import type { OperatorPrincipal, VendorPrincipal } from './context';

// PostgreSQL: what each process keeps between notices of a change (docs/decisions/212, 217).
// - The sessions it looked up. Looking a session up was a statement of its own on every call: 0.2–0.45 ms
//   of Node's CPU and ~0.1–0.2 ms of PostgreSQL's, a quarter of a list call's. Migration 2026-12-20-010
//   notifies portal_auth_changed when a write that could change one commits.
// - Each vendor's live webhook endpoints, which every order, payment and wallet transaction reads.
//   Migration 2026-12-22-010 notifies portal_webhooks_changed when an endpoint is written.
// Each process listens on a connection of its own and forgets a store on its channel's notice. It keeps
// none while it does not listen (before the first LISTEN, after the connection is lost, until it listens
// again), and forgets them all when a request of its own that may write answers (plugins/auth.ts), so
// that the process that wrote never answers from before the write.

/** The channels the migrations' triggers notify. */
export const AUTH_CHANGED = 'portal_auth_changed';
export const WEBHOOKS_CHANGED = 'portal_webhooks_changed';
/** The listening connection's application_name (pg_stat_activity). */
export const LISTENER_NAME = 'portal-auth-notices';
const RETRY_MS = 1_000;

type Principal = VendorPrincipal | OperatorPrincipal;
interface Kept {
  kind: string;
  expiresAt: string;
  principal: Principal;
}

export class KeptSessions extends KeptUntilNotice<Kept> {
  /** The principal kept for this token's hash and kind, unless its session has expired by `now`. */
  find(tokenHash: string, kind: string, now: string): Principal | undefined {
    const kept = this.get(tokenHash);
    if (!kept || kept.kind !== kind) return undefined;
    if (kept.expiresAt > now) return kept.principal;
    this.delete(tokenHash);
    return undefined;
  }

  override keep(tokenHash: string, kept: Kept, generation: number) {
    super.keep(tokenHash, { ...kept, principal: Object.freeze(kept.principal) }, generation);
  }
}

export type KeptEndpoints = KeptUntilNotice<Array<{ id: number; events: string }>>;

/** What a process keeps between notices; null on SQLite, where a lookup is a read in the process. */
export interface KeptCopies {
  sessions: KeptSessions;
  endpoints: KeptEndpoints;
}

export const keptCopies = (): KeptCopies => ({ sessions: new KeptSessions(), endpoints: new KeptUntilNotice() });

// By database: code that holds only a transaction (a domain event's listener) finds its app's copies.
// A transaction shares its database's adapter object (db/engine.ts reads it the same way).
const byDatabase = new WeakMap<object, KeptCopies>();
export const keepFor = (db: DB, kept: KeptCopies) => byDatabase.set(db.getExecutor().adapter, kept);
export const keptOf = (db: DB | Tx): KeptCopies | null => byDatabase.get(db.getExecutor().adapter) ?? null;

/** Every store forgotten: a request of this process that may have written any of them answers. */
export function forgetAll(kept: KeptCopies) {
  kept.sessions.forget();
  kept.endpoints.forget();
}

/** Listens for each store's channel on a connection of its own, connecting again after a loss; the stores keep while it listens. */
export async function listenForChanges(url: string, kept: KeptCopies, log: FastifyBaseLogger): Promise<{ close(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const byChannel = new Map<string, KeptUntilNotice<unknown>>([
    [AUTH_CHANGED, kept.sessions],
    [WEBHOOKS_CHANGED, kept.endpoints],
  ]);
  const setListening = (on: boolean) => {
    for (const store of byChannel.values()) store.listening = on;
  };
  let current: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: InstanceType<typeof pg.Client>, err?: Error) => {
    if (current !== client && current !== null) return;
    if (err) log.warn({ message: err.message }, 'change notices lost: sessions and webhook endpoints are looked up until they come back');
    current = null;
    setListening(false);
    client.end().catch(() => undefined);
    if (!closed && !retry) retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RETRY_MS);
  };

  async function connect() {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    current = client;
    client.on('notification', (n) => byChannel.get(n.channel)?.forget());
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const channel of byChannel.keys()) await client.query(`listen ${channel}`);
      if (closed || current !== client) return void client.end().catch(() => undefined);
      setListening(true);
    } catch (err) {
      lost(client, err as Error);
    }
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      setListening(false);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
