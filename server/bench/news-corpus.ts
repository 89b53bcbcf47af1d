import { CONTINENTS, PUBLISHERS } from '../src/news/codes.js';
import type { NewNewsRow } from '../src/news/tables.js';

/** The news bench's corpus size. */
export const ROWS = 100_000;

// Everyday words are frequent, topic words rare (as in real news), so searches hit a realistic share.
const COMMON = [
  '정부는',
  '오늘',
  '발표했다',
  '관계자는',
  '밝혔다',
  '이번',
  '지난해',
  '올해',
  '계획이다',
  '전망이다',
  '지역',
  '시민',
  '회의',
  '결과',
  '대해',
  '위해',
  '따르면',
  '가운데',
  '최근',
  '논의',
];
const TOPICS = [
  '반도체',
  '기후변화',
  '선거',
  '외교부',
  '무역분쟁',
  '금리인상',
  '전기차',
  '인공지능',
  '부동산',
  '저출생',
  '올림픽',
  '지진',
  '난민',
  '우주항공',
  '원자력',
  '백신',
  '관세',
  '환율',
  '청년고용',
  '탄소중립',
];

/** ROWS synthetic Korean articles (ids 1..ROWS once inserted in order). */
export function corpus(rnd: () => number, now: number): NewNewsRow[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => (rnd() < 0.08 ? pick(TOPICS) : pick(COMMON))).join(' ');
  return Array.from({ length: ROWS }, (_, n) => ({
    title: `${pick(TOPICS)} ${words(5)}`,
    content: `${words(30)}${rnd() < 0.01 ? ' 양자컴퓨터' : ''}.`,
    link: `https://bench.test/article/${n}`,
    canonicalLink: `https://bench.test/article/${n}`,
    imgUrl: `https://bench.test/img/${n}.jpg`,
    newsType: pick(PUBLISHERS),
    continent: pick(CONTINENTS),
    category: 'ETC',
    // Minute resolution over ~70 days: many equal times, as with real feeds.
    deliveryTime: now - Math.floor(rnd() * 100_000) * 60_000,
    // Counts are columns kept by the like transaction; the bench seeds them directly (skewed).
    likeCount: Math.floor(rnd() ** 4 * 500),
    createdAt: now,
  }));
}
