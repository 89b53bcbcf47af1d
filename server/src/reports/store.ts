import type { AuditAction, ProcessResult, ReportResult, ReportRow, ReportType, TargetType } from './tables.js';

type NewReport = {
  reporterId: number;
  targetUserId: number;
  targetType: TargetType;
  targetRoomId: string | null;
  content: string;
  reportType: ReportType;
  at: Date;
};

type AuditEntry = {
  actorId: number;
  action: AuditAction;
  reportId: number;
  targetUserId: number;
  before: unknown;
  after: unknown;
  at: Date;
};

export type ReportChange = { result: ProcessResult; reportContent: string; assignedUserId: number; at: Date };

/** Reports and the moderation audit trail (SQLite and PostgreSQL implement it alike). */
export interface ReportStore {
  /**
   * Inserts an unprocessed report; throws a unique violation when the pair already has one
   * pending (a partial unique index, so concurrent filings cannot both pass).
   */
  insert(r: NewReport): Promise<ReportRow>;
  /** Whether the reporter already has an unprocessed report against the target. */
  hasPending(reporterId: number, targetUserId: number): Promise<boolean>;
  /** One report by id. */
  find(id: number): Promise<ReportRow | undefined>;
  /** Like find, and holds the row until the transaction ends (PostgreSQL row lock). */
  lock(id: number): Promise<ReportRow | undefined>;
  /** Reports newest first, optionally by reason and result. */
  list(filter: { type?: ReportType | undefined; result?: ReportResult | undefined }): Promise<ReportRow[]>;
  /** The processed reports against a user that carry a sanction-relevant result (restored ones are UNKNOWN again). */
  inForce(targetUserId: number): Promise<ReportRow[]>;
  /** Writes a processing (or an edit): result, reason, handler and time. */
  setResult(id: number, change: ReportChange): Promise<ReportRow | undefined>;
  /** Puts a report back to unprocessed (handler, reason and time cleared). */
  reset(id: number): Promise<ReportRow | undefined>;
  /** Appends one entry to the audit trail. */
  insertAudit(entry: AuditEntry): Promise<void>;
  /** The audit trail of a report, oldest first. */
  auditOf(reportId: number): Promise<AuditEntry[]>;
}

/** The sanction-relevant results. */
export const SANCTION_RESULTS: ProcessResult[] = ['WARNING', 'SUSPENSION', 'BAN'];

/** The columns a processing (or an edit) writes. */
export const resultValues = (change: ReportChange) => ({
  result: change.result,
  reportContent: change.reportContent,
  assignedUserId: change.assignedUserId,
  processedAt: change.at.getTime(),
});

/** The columns a restore writes. */
export const unprocessed = { result: 'UNKNOWN', reportContent: null, assignedUserId: null, processedAt: null } as const;
