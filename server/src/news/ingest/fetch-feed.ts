/** Feeds larger than this are refused rather than parsed (a section feed is tens of kB). */
const MAX_FEED_BYTES = 5 * 1024 * 1024;

/** A feed that could not be fetched: its message says why, for the log. */
class FeedFetchError extends Error {
  override readonly name = 'FeedFetchError';
}

/**
 * Fetches a feed's XML text. The timeout covers the whole exchange, body included, so a
 * server that accepts the connection and never answers cannot hold the ingest run.
 */
export async function fetchFeed(url: string, timeoutMs: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: {
        accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5',
        'user-agent': 'Toron-news-ingest/1.0',
      },
    });
  } catch (error) {
    throw new FeedFetchError(signal.aborted ? `timed out after ${timeoutMs} ms` : `unreachable: ${describe(error)}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedFetchError(`HTTP ${response.status}`);
  }
  try {
    const body = await response.arrayBuffer();
    if (body.byteLength > MAX_FEED_BYTES) throw new FeedFetchError(`too large (${body.byteLength} bytes)`);
    return decode(body, response.headers.get('content-type'));
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(signal.aborted ? `timed out after ${timeoutMs} ms` : `body failed: ${describe(error)}`);
  }
}

/** Older Korean feeds are often EUC-KR: honour the HTTP charset, then the XML declaration. */
function decode(body: ArrayBuffer, contentType: string | null): string {
  const head = new TextDecoder('latin1').decode(body.slice(0, 200));
  const label =
    /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1] ?? /encoding=["']([\w-]+)["']/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
