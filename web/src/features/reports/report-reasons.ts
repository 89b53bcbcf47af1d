/** The six report reasons (docs/wire-contract.md#codes): a Korean label and the code sent to the server. */
export const REPORT_REASONS = [
  { value: 'OBSCENITY', label: '음란성/선정성' },
  { value: 'SPAM', label: '스팸/광고' },
  { value: 'CUSS', label: '욕설/인신공격' },
  { value: 'FLOODING', label: '도배' },
  { value: 'LEAKAGE', label: '개인정보 노출' },
  { value: 'DODGE', label: '사유 없는 탈주' },
] as const;

export type ReportType = (typeof REPORT_REASONS)[number]['value'];
