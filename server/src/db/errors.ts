/** The driver's error code, looking through drizzle's query wrapper (which keeps the driver's error as `cause`). */
function codeOf(err: unknown): unknown {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 4; depth++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

const UNIQUE_CODES = new Set([
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
  // PostgreSQL's SQLSTATE unique_violation (primary keys included).
  '23505',
]);

/** True when either database refused a write because a unique index or primary key already holds the value. */
export function isUniqueViolation(err: unknown): boolean {
  return UNIQUE_CODES.has(codeOf(err) as string);
}
