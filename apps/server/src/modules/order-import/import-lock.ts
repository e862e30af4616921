import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_LIMITS, IMPORT_MSG } from '@portal/domain/order-import';
import type { DB } from '../../db/database';
import { takeLease } from '../../db/leased-job';
import { badRequest } from '../../lib/errors';
import { releaseImportLease } from './order-import.repository';

/**
 * Runs `work` while holding the vendor's import lease (decision 299), so two imports of one vendor never
 * check for likely duplicates and create at the same time: the second waits for the first, then sees its
 * orders. The lease is renewed while `work` runs; a process that dies leaves it to end within
 * IMPORT_LIMITS.lockLeaseMs. Past IMPORT_LIMITS.lockWaitMs of waiting the import is refused in Chinese.
 */
export async function withVendorImportLock<T>(db: DB, vendorId: number, work: () => Promise<T>, waitMs: number = IMPORT_LIMITS.lockWaitMs): Promise<T> {
  const name = `order-import:v${vendorId}`;
  const holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const leaseMs = IMPORT_LIMITS.lockLeaseMs;
  const deadline = Date.now() + waitMs;
  while (!(await takeLease(db, name, holder, leaseMs))) {
    if (Date.now() >= deadline) throw badRequest(IMPORT_MSG.otherImportRunning);
    await sleep(100 + Math.random() * 100);
  }
  const renew = setInterval(() => void takeLease(db, name, holder, leaseMs).catch(() => undefined), leaseMs / 4);
  try {
    return await work();
  } finally {
    clearInterval(renew);
    await releaseImportLease(db, name, holder).catch(() => undefined);
  }
}
