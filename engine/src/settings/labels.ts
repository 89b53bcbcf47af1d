import { CONTINENTS, type Category, type Continent } from './codes.js';

/** Korean continent labels (docs/wire-contract.md#codes; the room list and the back end say 한국 for KR). */
export const CONTINENT_LABELS: Readonly<Record<Continent, string>> = {
  KR: '한국',
  CN: '중국',
  JP: '일본',
  EU: '유럽',
  AS: '아시아/호주',
  AM: '미국/중남미',
  AF: '아프리카/중동',
};

/** The continents with their labels, in the order every list, filter and picker shows them. */
export const CONTINENT_OPTIONS: ReadonlyArray<{ readonly value: Continent; readonly label: string }> = CONTINENTS.map(
  (value) => ({ value, label: CONTINENT_LABELS[value] }),
);

/** Korean category labels as the room list shows them (docs/wire-contract.md#codes). */
export const CATEGORY_LABELS: Readonly<Record<Category, string>> = {
  PO: '정치',
  EC: '경제',
  SO: '사회',
  CU: '문화',
  EN: '연예',
  IT: 'IT',
  SP: '스포츠',
  CO: '칼럼',
  ETC: '기타',
};

/** Korean labels of the two sides and the abstention (docs/wire-contract.md#codes). */
export const POSITION_LABELS = { PRO: '찬성', CON: '반대', NO_POSITION: '기권' } as const;

/** Korean labels of a viewer's stance. */
export const STANCE_LABELS = { PRO: '찬성', CON: '반대', UNDECIDED: '미정' } as const;

/** Korean labels of resultEnabled (docs/wire-contract.md#codes). */
export const RESULT_ENABLED_LABELS = { true: '승패 결정', false: '승패 없음' } as const;

/**
 * Korean names of the news publishers (`newsType`, docs/wire-contract.md#codes): shared vocabulary of server and web.
 */
export const PUBLISHER_LABELS = {
  JOONGANG: '중앙일보',
  HANI: '한겨레',
  HANKYUNG: '한국경제',
  HANKOOK: '한국일보',
  SEGYE: '세계일보',
} as const;
