import { CUSTOMER_MSG, VISIT_CODE_ATTEMPTS } from '@portal/domain/customer-page';
import { startsFrom, type TransitionName } from '@portal/domain/order-transitions';
import type { DB, Tx } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { countWrongGuess, findOrderState, findVisitCode, markVisitUsed } from './visit-codes.repository';

// Proof of the visit (核销码, issue 47, decision 263). The console's completion acting for the master
// (完工申请, 回收完工) asks for the code the customer's page shows, or a reason to go without it.
// A wrong guess is counted by its own statement before the completion's transaction, so the count
// stands although the refusal rolls the completion back; the count is capped in that statement, so
// parallel guesses cannot pass the cap. The completion's transaction then records how it was proven.

/** The moves that complete the master's work. */
export const COMPLETING: ReadonlySet<string> = new Set<TransitionName>(['requestCompletion', 'recycleFinish']);

export type VisitProof =
  /** the customer's code */
  | { by: 'code' }
  /** without the code: the operator's reason */
  | { by: 'override'; reason: string }
  /** nothing to prove: no code (an order dispatched before codes), proven already, or a move that will be refused anyway */
  | { by: 'none' };

/** Checks the proof the console sent for completing `orderId` by `move`; refuses a missing or wrong code. */
export async function checkVisitProof(db: DB, orderId: number, move: TransitionName, body: { visitCode?: string; visitOverride?: string }): Promise<VisitProof> {
  const code = await findVisitCode(db, orderId);
  if (!code || code.used_by) return { by: 'none' };
  const state = await findOrderState(db, orderId);
  if (!state || !startsFrom(move, state)) return { by: 'none' };
  const guess = body.visitCode?.trim() ?? '';
  if (guess) {
    const counted = await countWrongGuess(db, orderId, guess, VISIT_CODE_ATTEMPTS);
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
