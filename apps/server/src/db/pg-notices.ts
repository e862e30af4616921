import pg from 'pg';
import { log } from '../lib/logger';

/** A LISTEN of its own on a PostgreSQL channel, kept open: `stop` closes it. */
export interface NoticeListener {
  stop(): Promise<void>;
}

/**
 * Listens on `channel` with a connection of its own (not the pool's). `onNotice` runs for every
 * notification; `onLive(true)` once listening, `onLive(false)` as soon as the connection is lost, so a
 * notification missed while it was down is never assumed seen. Reconnects after a second.
 */
export function listenForNotices(url: string, channel: string, onNotice: () => void, onLive: (live: boolean) => void): NoticeListener {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = (err?: Error) => {
    onLive(false);
    if (err && !stopped) log.warn({ message: err.message, channel }, 'PostgreSQL notice listener lost; reconnecting');
    client?.removeAllListeners();
    client?.on('error', () => {});
    client = null;
    if (!stopped && !retry) retry = setTimeout(connect, 1000);
  };

  async function connect() {
    retry = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (n) => n.channel === channel && onNotice());
    c.on('error', lost);
    c.on('end', () => client === c && lost());
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      if (client === c && !stopped) onLive(true);
    } catch (e) {
      if (client === c) lost(e as Error);
      await c.end().catch(() => {});
    }
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      onLive(false);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
