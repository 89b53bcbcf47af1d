/** Korean labels of the codes the server sends (wire-contract §7). Unknown codes are shown as they are. */
export const continentLabels: Record<string, string> = {
  AS: '아시아/호주',
  AM: '미국/중남미',
  EU: '유럽',
  CN: '중국',
  JP: '일본',
  AF: '아프리카/중동',
  KR: '한국',
};

export const categoryLabels: Record<string, string> = {
  PO: '정치',
  EC: '경제',
  SO: '사회',
  CU: '문화',
  EN: '연예',
  IT: 'IT/과학',
  SP: '스포츠',
  CO: '칼럼',
  ETC: '기타',
};

export const labelOf = (table: Record<string, string>, code: string): string => table[code] ?? code;
