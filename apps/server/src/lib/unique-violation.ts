/**
 * True when `e` is a unique-constraint violation of the named index (PostgreSQL reports the index
 * name, SQLite the columns, e.g. 'users.account'). Lets a race lost to a unique index answer the same
 * clear message as the check that usually catches it first.
 */
export function isUniqueViolation(e: unknown, index: string, sqliteColumns: string): boolean {
  const err = e as { code?: string; constraint?: string; message?: string } | null;
  if (!err) return false;
  if (err.code === '23505') return err.constraint === index;
  return typeof err.message === 'string' && err.message.includes('UNIQUE constraint failed') && err.message.includes(sqliteColumns);
}
