/** Query parameters that only track where a click came from; they never change the article. */
const TRACKING_PARAM =
  /^(utm_\w+|fbclid|gclid|dclid|msclkid|igshid|mc_cid|mc_eid|_ga|ref|ref_src|referer|from|source|cmpid|rss|rssfeed|sns|nclick|ocid|spm|share|s_cid)$/i;

/** The article URL a reader should open: http(s) only, no tracking parameters, no fragment. */
export function cleanLink(raw: string, base?: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  url.username = '';
  url.password = '';
  for (const name of [...url.searchParams.keys()]) if (TRACKING_PARAM.test(name)) url.searchParams.delete(name);
  url.search = url.searchParams.size ? `?${url.searchParams.toString()}` : '';
  return url;
}

/**
 * The dedupe key of an article: the cleaned link with scheme, `www.`, default port,
 * parameter order and a trailing slash made uniform, so the same article listed by two
 * feeds (or with different tracking tails) is stored once.
 */
export function canonicalLink(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  return `https://${host}${port}${path}${query}`;
}
