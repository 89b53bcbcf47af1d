import { z } from 'zod';

/** The text the original client rejects cross-origin calls with (docs/product-rules.md#client-behaviour). */
export const SSRF_MESSAGE = 'Potential SSRF attack detected!';

const FALLBACK_MESSAGE = '요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.';

/** A refused or failed call: the HTTP status (0 when no answer arrived) and the server's Korean message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const envelopeSchema = z.object({
  status: z.string().optional(),
  message: z.string().nullish(),
  code: z.string().nullish(),
  data: z.unknown().optional(),
});

export interface ClientOptions {
  /** The API origin; every call must resolve to it. */
  origin: () => string;
  getAccessToken: () => string | null;
  /** Called with the refusal of any 401 (a sanctioned account's says why, see `code`). */
  onUnauthorized: (refusal: ApiError) => void;
  fetch?: typeof fetch;
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | null | undefined>;
  json?: unknown;
  form?: FormData;
  /** Parses the envelope's `data` into our own type. */
  schema?: z.ZodType<T>;
  /** The only status that counts as success (201 for reissue, nickname check and sign-up). */
  expectStatus?: number;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** A 401 ends the session (default true; the sign-up calls opt out as the original did). */
  logoutOn401?: boolean;
}

export type ApiClient = <T = undefined>(path: string, options?: RequestOptions<T>) => Promise<T>;

/** Builds the JSON-envelope client: same origin only, bearer header, zod-parsed answers, logout on 401. */
export function createApiClient(options: ClientOptions): ApiClient {
  return async function request<T>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const origin = options.origin();
    const url = new URL(path, origin);
    if (url.origin !== new URL(origin).origin) throw new ApiError(0, SSRF_MESSAGE, 'CROSS_ORIGIN');
    for (const [key, value] of Object.entries(opts.query ?? {})) {
      if (value !== null && value !== undefined) url.searchParams.set(key, String(value));
    }

    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const token = opts.auth === false ? null : options.getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, { method: opts.method ?? 'GET', headers, body });
    } catch {
      throw new ApiError(0, '서버에 연결하지 못했습니다. 네트워크 상태를 확인해 주세요.', 'NETWORK');
    }

    const envelope = envelopeSchema.safeParse(await readJson(response)).data;
    if (!response.ok || (opts.expectStatus !== undefined && response.status !== opts.expectStatus)) {
      const refusal = new ApiError(response.status, envelope?.message || FALLBACK_MESSAGE, envelope?.code ?? null);
      if (response.status === 401 && opts.logoutOn401 !== false) options.onUnauthorized(refusal);
      throw refusal;
    }
    if (!opts.schema) return undefined as T;
    const parsed = opts.schema.safeParse(envelope?.data);
    if (!parsed.success) throw new ApiError(response.status, '서버 응답 형식이 올바르지 않습니다.', 'BAD_RESPONSE');
    return parsed.data;
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
