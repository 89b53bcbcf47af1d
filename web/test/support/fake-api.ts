import { vi } from 'vitest';

/** A request the app made, as the fake server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
}

/** What a route answers: data for a 200 envelope, or a Response of its own (an error), or a promise of either. */
export type Answer = unknown;

/**
 * Replaces `fetch` (the network edge) with `route`, which answers each request by method and path.
 * Returns the log of every request, in order. Call `vi.unstubAllGlobals()` after the test.
 */
export function fakeApi(route: (request: SeenRequest) => Answer): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init?: RequestInit) => {
      const request = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams };
      seen.push(request);
      const answer = await route(request);
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify({ status: '성공', message: null, data: answer }));
    }),
  );
  return seen;
}

/** The JSON envelope of a refusal. */
export const refusal = (status: number, code = 'REFUSED') =>
  new Response(JSON.stringify({ status: '오류', message: '요청을 처리할 수 없습니다.', code }), { status });

/** `METHOD path` of each request, for compact assertions. */
export const lines = (seen: readonly SeenRequest[]) => seen.map((r) => `${r.method} ${r.path}`);
