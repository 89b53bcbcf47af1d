import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import type { AppEnv } from './context.js';
import { fail } from './envelope.js';

/** Korean message for a zod failure: which fields were wrong, without echoing their values. */
export function validationMessage(error: ZodError): string {
  const fields = [...new Set(error.issues.map((i) => i.path.join('.')).filter((p) => p.length > 0))];
  return fields.length > 0
    ? `요청 값이 올바르지 않습니다: ${fields.slice(0, 5).join(', ')}`
    : '요청 형식이 올바르지 않습니다.';
}

/**
 * A feature router: every route declared with createRoute is validated by its zod schemas
 * (failures become the 400 envelope) and appears in the generated OpenAPI document.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return fail(c, 400, 'VALIDATION_FAILED', validationMessage(result.error));
      return undefined;
    },
  });
}

/** The success envelope schema around `data`. */
function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('성공'), message: z.null(), data });
}

const failSchema = z.object({ status: z.literal('오류'), message: z.string(), code: z.string() }).openapi('Failure');

/** OpenAPI response entries: the success schema at `status` plus the usual refusals. */
export function responses<T extends z.ZodType, S extends 200 | 201>(status: S, data: T, description: string) {
  const failure = (d: string) => ({ description: d, content: { 'application/json': { schema: failSchema } } });
  return {
    [status]: { description, content: { 'application/json': { schema: okSchema(data) } } },
    400: failure('잘못된 요청'),
    401: failure('인증 실패'),
    403: failure('권한 없음'),
    404: failure('대상 없음'),
  } as {
    [K in S]: { description: string; content: { 'application/json': { schema: ReturnType<typeof okSchema<T>> } } };
  } & Record<400 | 401 | 403 | 404, ReturnType<typeof failure>>;
}

export const bearerSecurity = [{ bearerAuth: [] }];
