import type { FastifyBaseLogger } from 'fastify';
import type { OperatorPrincipal, VendorPrincipal } from './context';

// PostgreSQL: the sessions this process has looked up, kept until any write that could change one
// (docs/decisions/212). Looking a session up was a statement of its own on every call: 0.2–0.45 ms of
// Node's CPU and ~0.1–0.2 ms of PostgreSQL's, a quarter of a list call's. The migration
// 2026-12-20-010 notifies portal_auth_changed when such a write commits; each process listens on a
// connection of its own and forgets every kept session on a notice. It keeps none while it does not
// listen (before the first LISTEN, after the connection is lost, until it listens again), and forgets
// them all when a request of its own that may write (any method but GET and HEAD) answers, so that the
// process that wrote never answers from before the write.

/** The channel the migration's triggers notify. */
export const AUTH_CHANGED = 'portal_auth_changed';
/** The listening connection's application_name (pg_stat_activity). */
export const LISTENER_NAME = 'portal-auth-notices';
const MAX_KEPT = 10_000;
const RETRY_MS = 1_000;

type Principal = VendorPrincipal | OperatorPrincipal;
interface Kept {
  kind: string;
  expiresAt: string;
  principal: Principal;
}

export class KeptSessions {
  #entries = new Map<string, Kept>();
  #generation = 0;
  #listening = false;

  /** Changes whenever the kept sessions are forgotten: a lookup begun before may not be kept. */
  get generation() {
    return this.#generation;
  }

  get size() {
    return this.#entries.size;
  }

  get listening() {
    return this.#listening;
  }

  set listening(on: boolean) {
    this.#listening = on;
    this.forget();
  }

  /** The principal kept for this token's hash and kind, unless its session has expired by `now`. */
  find(tokenHash: string, kind: string, now: string): Principal | undefined {
    const kept = this.#entries.get(tokenHash);
    if (!kept || kept.kind !== kind) return undefined;
    if (kept.expiresAt > now) return kept.principal;
    this.#entries.delete(tokenHash);
    return undefined;
  }

  /** Keeps what a lookup begun at `generation` found, if nothing was forgotten since and this process listens. */
  keep(tokenHash: string, kept: Kept, generation: number) {
    if (!this.#listening || generation !== this.#generation) return;
    if (this.#entries.size >= MAX_KEPT) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(tokenHash, { ...kept, principal: Object.freeze(kept.principal) });
  }

  forget() {
    this.#entries.clear();
    this.#generation++;
  }
}

/** Listens for AUTH_CHANGED on a connection of its own, connecting again after a loss; `kept` listens while it does. */
export async function listenForAuthChanges(url: string, kept: KeptSessions, log: FastifyBaseLogger): Promise<{ close(): Promise<void> }> {
  const pg = (await import('pg')).default;
  let current: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: InstanceType<typeof pg.Client>, err?: Error) => {
    if (current !== client && current !== null) return;
    if (err) log.warn({ message: err.message }, 'session notices lost: sessions are looked up until they come back');
    current = null;
    kept.listening = false;
    client.end().catch(() => undefined);
    if (!closed && !retry) retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RETRY_MS);
  };

  async function connect() {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    current = client;
    client.on('notification', () => kept.forget());
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${AUTH_CHANGED}`);
      if (closed || current !== client) return void client.end().catch(() => undefined);
      kept.listening = true;
    } catch (err) {
      lost(client, err as Error);
    }
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      kept.listening = false;
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
