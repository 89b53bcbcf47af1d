import type { ComponentType } from 'react';

/** What the room screens ask the report dialog for; the app shell supplies the dialog (features stay apart). */
export interface ReportRequest {
  targetUserId: number;
  nickname: string;
  targetType: 'PROFILE' | 'CHAT';
  targetRoomId: string | null;
  roomTitle?: string;
  message?: string;
}

export type ReportDialogComponent = ComponentType<{ target: ReportRequest | null; onClose: () => void }>;

/** Opens the report dialog for someone in a room (participants: a profile report; chat: the message). */
export type OnReport = (request: ReportRequest) => void;
