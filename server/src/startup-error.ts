/**
 * A reason the server cannot start that the operator can fix (a bad setting, an unreachable
 * database). main.ts prints its message as one line and exits, without a stack trace.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
