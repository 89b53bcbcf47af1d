import { expect } from 'vitest';

const HANGUL = /[\uAC00-\uD7A3]/;

/** The error envelope (docs/wire-contract.md#envelope): `{ status: '오류', message: <Korean>, code }`. */
export function expectEnvelope(body: unknown, context = ''): void {
  const b = body as { status?: unknown; message?: unknown; code?: unknown };
  expect(b?.status, `${context} status field: ${JSON.stringify(body).slice(0, 200)}`).toBe('오류');
  expect(
    typeof b.message === 'string' && HANGUL.test(b.message),
    `${context} Korean message: ${JSON.stringify(body).slice(0, 200)}`,
  ).toBe(true);
  expect(
    typeof b.code === 'string' && b.code.length > 0,
    `${context} code: ${JSON.stringify(body).slice(0, 200)}`,
  ).toBe(true);
}

/** A 429 refusal in the envelope with this code and Korean message, and its `Retry-After` in seconds. */
export function expectTooMany(
  res: { status: number; body: unknown; headers: Headers },
  code: string,
  message: string | RegExp,
  retryAfter: string,
): void {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ status: '오류', code });
  expect((res.body as { message: string }).message).toMatch(message);
  expect(res.headers.get('retry-after')).toBe(retryAfter);
}
