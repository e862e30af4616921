import { randomInt } from 'node:crypto';
import { nowIso, toShanghai } from './time';

/** GD + Shanghai yyyymmddHHMMss + 6 random digits; a clash with an existing number is retried. */
export const newOrderNo = () => `GD${toShanghai(nowIso()).replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
