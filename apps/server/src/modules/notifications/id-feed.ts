// New rows of a table, followed by id (decisions 175 and 269). Each read asks for the rows above the
// highest id seen, so no row is read twice. On PostgreSQL an id is taken when the row is written but
// is seen only when its transaction commits, which may be after a higher id commits: an id skipped
// over is remembered as a hole for LAG_MS and asked for again on each read until it shows up (then
// it is sent late) or the time is up (its transaction rolled back, or the sequence jumped).

export const LAG_MS = 5000;
/** Holes kept at most (the ones just below each new row first): a sequence jump is not worth more. */
const MAX_HOLES = 1000;

export interface IdSource<T extends { id: number }> {
  last(): Promise<number>;
  after(id: number, limit: number): Promise<T[]>;
  byIds(ids: number[]): Promise<T[]>;
}

export class IdFeed<T extends { id: number }> {
  private top = -1;
  /** ids below `top` not seen yet, with when they were first skipped */
  private holes = new Map<number, number>();

  constructor(
    private src: IdSource<T>,
    private limit = 500,
  ) {}

  /** Starts after the newest row: a stream hears what happens after it opened. */
  async begin() {
    if (this.top >= 0) return;
    const last = await this.src.last();
    // a read that ran meanwhile may have gone further
    if (this.top < 0) this.top = last;
  }

  /** Forgets where it was (no one is listening): the next read starts after the newest row again. */
  reset() {
    this.top = -1;
    this.holes.clear();
  }

  /** The rows committed since the last read (late ones first), in id order within each part. */
  async next(now = Date.now()): Promise<T[]> {
    await this.begin();
    const out: T[] = [];
    for (const [id, at] of this.holes) if (now - at >= LAG_MS) this.holes.delete(id);
    if (this.holes.size) {
      for (const r of await this.src.byIds([...this.holes.keys()])) {
        this.holes.delete(r.id);
        out.push(r);
      }
    }
    for (const r of await this.src.after(this.top, this.limit)) {
      for (let h = r.id - 1; h > this.top && this.holes.size < MAX_HOLES; h--) this.holes.set(h, now);
      this.top = r.id;
      out.push(r);
    }
    return out;
  }
}
