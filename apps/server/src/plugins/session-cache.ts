import type { OperatorPrincipal, VendorPrincipal } from './context';

type Principal = VendorPrincipal | OperatorPrincipal;
interface Entry {
  principal: Principal;
  expiresAt: string;
  at: number;
}

/**
 * PostgreSQL: callers resolved from their session lately, by token hash and kind (decision 191), so a
 * signed-in call skips the session lookup's round trip. It serves only while `live`: every process
 * listens for the database's notice of a change that can end or narrow a session (logout, purge, a
 * user, vendor, grant or operator changed) and then forgets all it holds. A lookup that began before a
 * notice is not stored after it (the generation), and an entry is re-read after `ttlMs` at the latest.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;
  #live = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The caller of this key resolved lately, with its session's expiry; undefined to look it up. */
  get(key: string, nowMs: number): Entry | undefined {
    if (!this.#live) return undefined;
    const e = this.#entries.get(key);
    if (e && nowMs - e.at <= this.ttlMs) return e;
    if (e) this.#entries.delete(key);
    return undefined;
  }

  /** Taken before a lookup and handed to `set` with its result. */
  generation(): number {
    return this.#generation;
  }

  set(key: string, generation: number, principal: Principal, expiresAt: string, nowMs: number): void {
    if (!this.#live || generation !== this.#generation) return;
    // The oldest entry makes room (a Map keeps insertion order).
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { principal, expiresAt, at: nowMs });
  }

  /** A session may have ended or narrowed: nothing held is served again. */
  forget(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** Serve only while the change notices arrive; either way forget what is held. */
  setLive(live: boolean): void {
    this.#live = live;
    this.forget();
  }
}
