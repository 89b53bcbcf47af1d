/** The six report reasons (wire-contract §7): a Korean label and the code sent to the server. */
export const REPORT_REASONS = [
  { dbKey: 'OBSCENITY', label: '음란성/선정성' },
  { dbKey: 'SPAM', label: '스팸/광고' },
  { dbKey: 'CUSS', label: '욕설/인신공격' },
  { dbKey: 'FLOODING', label: '도배' },
  { dbKey: 'LEAKAGE', label: '개인정보 노출' },
  { dbKey: 'DODGE', label: '사유 없는 탈주' },
] as const;

export type ReportType = (typeof REPORT_REASONS)[number]['dbKey'];
