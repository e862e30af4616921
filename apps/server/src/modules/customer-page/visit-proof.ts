import { CUSTOMER_MSG, VISIT_CODE_ATTEMPTS, visitCodeWrongLog } from '@portal/domain/customer-page';
import { startsFrom, type TransitionName } from '@portal/domain/order-transitions';
import type { DB, Tx } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { loadOrder, writeLog } from '../../lib/order-state-machine';
import { nowIso } from '../../lib/time';
import { countWrongGuess, findOrderState, findVisitCode, markVisitUsed } from './visit-codes.repository';

// Proof of the visit (核销码, issue 47, decision 263). The console's completion acting for the master
// (完工申请, 回收完工) asks for the code the customer's page shows, or a reason to go without it.
// A wrong guess is counted, with its operation-log line, in a transaction of its own before the
// completion's, so the count stands although the refusal rolls the completion back; the count is capped
// in its statement, so parallel guesses cannot pass the cap. The log line tells the merchant someone is
// guessing and, like every log line, reaches the open views (decisions 269, 294). The completion's
// transaction then records how it was proven.

/** The moves that complete the master's work. */
export const COMPLETING: ReadonlySet<string> = new Set<TransitionName>(['requestCompletion', 'recycleFinish']);

export type VisitProof =
  /** the customer's code */
  | { by: 'code' }
  /** without the code: the operator's reason */
  | { by: 'override'; reason: string }
  /** nothing to prove: no code (an order dispatched before codes), proven already, or a move that will be refused anyway */
  | { by: 'none' };

/**
 * Counts a wrong guess and logs it at the order's node (by `operator`), under the order's lock: the
 * count after it; undefined when none was counted; 'moved' when the order can no longer make the move.
 */
async function countLoggedGuess(db: DB, orderId: number, move: TransitionName, guess: string, operator: string) {
  return db.transaction().execute(async (tx) => {
    const o = await loadOrder(tx, orderId, null);
    if (!startsFrom(move, o)) return 'moved' as const;
    const counted = await countWrongGuess(tx, orderId, guess, VISIT_CODE_ATTEMPTS);
    if (counted !== undefined) await writeLog(tx, o, o.node, { operator, content: visitCodeWrongLog(counted) });
    return counted;
  });
}

/** Checks the proof the console (`operator`) sent for completing `orderId` by `move`; refuses a missing or wrong code. */
export async function checkVisitProof(db: DB, orderId: number, move: TransitionName, body: { visitCode?: string; visitOverride?: string }, operator: string): Promise<VisitProof> {
  const code = await findVisitCode(db, orderId);
  if (!code || code.used_by) return { by: 'none' };
  const state = await findOrderState(db, orderId);
  if (!state || !startsFrom(move, state)) return { by: 'none' };
  const guess = body.visitCode?.trim() ?? '';
  if (guess) {
    const counted = await countLoggedGuess(db, orderId, move, guess, operator);
    if (counted === 'moved') return { by: 'none' };
    if (counted !== undefined) throw badRequest(counted >= VISIT_CODE_ATTEMPTS ? CUSTOMER_MSG.visitCodeLocked : CUSTOMER_MSG.visitCodeWrong(VISIT_CODE_ATTEMPTS - counted));
    const now = await findVisitCode(db, orderId);
    if (now?.used_by) return { by: 'none' };
    if (now && now.code === guess && now.attempts < VISIT_CODE_ATTEMPTS) return { by: 'code' };
    if (!body.visitOverride?.trim()) throw badRequest(CUSTOMER_MSG.visitCodeLocked);
  }
  const reason = body.visitOverride?.trim() ?? '';
  if (reason) return { by: 'override', reason };
  throw badRequest(CUSTOMER_MSG.visitCodeRequired);
}

/** In the completion's transaction: how the visit was proven (once), and the words the log line adds. */
export async function recordVisitProof(tx: Tx, orderId: number, proof: VisitProof, operator: string): Promise<string> {
  if (proof.by === 'none') return '';
  await markVisitUsed(tx, orderId, { used_by: proof.by, override_reason: proof.by === 'override' ? proof.reason : '', operator, used_at: nowIso() });
  return proof.by === 'code' ? '（已核验客户核销码）' : `（未使用客户核销码，原因：${proof.reason}）`;
}
