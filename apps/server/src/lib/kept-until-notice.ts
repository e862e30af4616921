// PostgreSQL: rows a server process looked up and keeps until a notice says they may have changed
// (decisions 212, 217). A migration's triggers notify a channel when such a write commits; the process
// listens on a connection of its own (plugins/kept-copies.ts) and forgets the whole store on a notice.
// It keeps nothing while it does not listen, and nothing a lookup read before the last forget.

export class KeptUntilNotice<V> {
  #entries = new Map<string | number, V>();
  #generation = 0;
  #listening = false;

  constructor(private readonly max = 10_000) {}

  /** Changes whenever the store is forgotten: a lookup begun before may not be kept. */
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

  get(key: string | number): V | undefined {
    return this.#entries.get(key);
  }

  delete(key: string | number) {
    this.#entries.delete(key);
  }

  /** Keeps what a lookup begun at `generation` found, if nothing was forgotten since and this process listens. */
  keep(key: string | number, value: V, generation: number) {
    if (!this.#listening || generation !== this.#generation) return;
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, Object.freeze(value));
  }

  forget() {
    this.#entries.clear();
    this.#generation++;
  }
}
