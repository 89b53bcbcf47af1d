/**
 * Routing of WebSocket request paths to endpoints: `/debate/:roomId`, `/room-list/filtered`, `/ws` …
 * Literal segments match case-insensitively (clients spelled `/room-List/filtered` too);
 * parameters keep their case and are URI-decoded.
 */

export interface RoutedEndpoint<N extends string = string> {
  readonly name: N;
  readonly params: Readonly<Record<string, string>>;
  /** The handshake's query, e.g. the room-list filters. */
  readonly query: URLSearchParams;
  readonly path: string;
}

type Segment = { readonly literal: string } | { readonly param: string };

/**
 * Builds a router from named patterns. `basePath` is a prefix every path must start with (for a
 * WebSocket URL with a path prefix). Returns null for a path no pattern matches.
 */
export function pathRouter<N extends string>(
  patterns: Readonly<Record<N, string>>,
  options: { readonly basePath?: string } = {},
): (url: URL) => RoutedEndpoint<N> | null {
  const base = trimSlash(options.basePath ?? '').toLowerCase();
  const compiled = (Object.entries(patterns) as [N, string][]).map(([name, pattern]) => ({
    name,
    segments: compile(pattern),
  }));
  return (url) => {
    let path = trimSlash(url.pathname);
    if (base) {
      if (path.toLowerCase() !== base && !path.toLowerCase().startsWith(`${base}/`)) return null;
      path = path.slice(base.length) || '/';
    }
    const parts = path.split('/');
    for (const { name, segments } of compiled) {
      const params = match(segments, parts);
      if (params) return { name, params, query: url.searchParams, path };
    }
    return null;
  };
}

function compile(pattern: string): Segment[] {
  return trimSlash(pattern)
    .split('/')
    .map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s.toLowerCase() }));
}

function match(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const part = parts[i] ?? '';
    if (!segment) return null;
    if ('literal' in segment) {
      if (segment.literal !== part.toLowerCase()) return null;
    } else {
      if (part === '') return null;
      try {
        params[segment.param] = decodeURIComponent(part);
      } catch {
        return null;
      }
    }
  }
  return params;
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
