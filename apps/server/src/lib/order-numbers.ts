import { randomInt } from 'node:crypto';
import { shanghaiStamp } from './time';

/** GD + Shanghai yyyymmddHHMMss + 6 random digits; a clash with an existing number is retried. */
export const newOrderNo = () => `GD${shanghaiStamp()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** FP + Shanghai yyyymmddHHMMss (of `now`, the request's own time) + 6 random digits; the unique index backs it. */
export const newInvoiceNo = (now: string) => `FP${shanghaiStamp(now)}${randomInt(100000, 1000000)}`;
