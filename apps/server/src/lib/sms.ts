import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/database';
import { nowIso } from './time';
import { insertOutboxText } from './sms-outbox.repository';

/** Delivery of SMS texts; a real provider is another implementation chosen by SMS_DRIVER. */
export interface SmsSender {
  send(phone: string, content: string): Promise<void>;
}

/**
 * The default sender: logs and keeps the text in the development outbox table.
 * In production the log line carries no code, and the outbox is never served.
 */
export function logSender(db: DB, log: FastifyBaseLogger, production: boolean): SmsSender {
  return {
    async send(phone, content) {
      if (production) {
        log.info({ phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` }, 'sms sent (log driver)');
        return;
      }
      log.info({ phone, content }, 'sms sent (log driver)');
      await insertOutboxText(db, phone, content, nowIso());
    },
  };
}
