import type { ComponentType } from 'react';

/** What the user page asks the report dialog for; the app shell supplies the dialog (features stay apart). */
export interface ReportRequest {
  targetUserId: number;
  nickname: string;
  targetType: 'PROFILE';
  targetRoomId: null;
}

export type ReportDialogComponent = ComponentType<{ target: ReportRequest | null; onClose: () => void }>;
