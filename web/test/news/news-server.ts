import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the little news server received: method, path and query of each call. */
interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
}

const envelope = (data: unknown) => JSON.stringify({ status: '성공', message: null, data });

/**
 * A real local HTTP server answering the news calls in the JSON envelope (list, ranking,
 * detail with my like and bookmark, and the four toggles), with the state kept in memory.
 */
export async function startNewsServer() {
  const received: Received[] = [];
  const state = { liked: false, marked: false, likes: 4, marks: 1 };
  const item = (id: number) => ({
    id,
    title: `뉴스 ${id}`,
    content: '리드',
    imgUrl: null,
    newsType: 'HANI',
    deliveryTime: '2026-11-21T00:00:00.000Z',
    like: 0,
    bookmark: 0,
    continentType: 'KR',
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    received.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    const toggle = url.pathname.match(/^\/api\/news\/(\d+)\/(like|bookmark)$/);
    if (url.pathname === '/api/news') {
      const from = Number(url.searchParams.get('cursor') ?? 31) - 1;
      const ids = Array.from({ length: Math.min(12, from) }, (_, i) => from - i);
      return send(
        200,
        envelope({
          content: ids.map(item),
          hasNext: from - 12 > 0,
          nextCursor: null,
          size: 12,
          numberOfElements: ids.length,
        }),
      );
    }
    if (url.pathname === '/api/news/ranking') return send(200, envelope([10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(item)));
    if (url.pathname === '/api/news/7') {
      return send(
        200,
        envelope({
          id: 7,
          title: '뉴스 7',
          link: 'http://x/news-articles/7',
          continent: 'EU',
          like: state.likes,
          mark: state.marks,
          liked: state.liked,
          marked: state.marked,
          imgUrl: null,
          newsType: 'SEGYE',
          deliveryTime: '2026-11-21T00:00:00.000Z',
          content: '리드',
        }),
      );
    }
    if (toggle) {
      const on = req.method === 'POST';
      if (toggle[2] === 'like') {
        if (state.liked !== on) state.likes += on ? 1 : -1;
        state.liked = on;
      } else {
        if (state.marked !== on) state.marks += on ? 1 : -1;
        state.marked = on;
      }
      return send(200, envelope(null));
    }
    send(404, JSON.stringify({ status: '오류', message: '없는 경로입니다.', code: 'NOT_FOUND' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, state, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Puts the happy-dom page on `url`: the app calls its own origin, here the test server. */
export function livesAt(url: string): void {
  (window as unknown as { happyDOM: { setURL: (href: string) => void } }).happyDOM.setURL(url);
}
