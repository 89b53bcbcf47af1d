import { RoomPage } from './RoomPage';
import type { ReportDialogComponent } from './report-request';

/** /debate-zone/{roomId}: the debater's seat (the stance comes as navigation state). */
export function DebateZonePage({ ReportDialog }: { ReportDialog: ReportDialogComponent }) {
  return <RoomPage role="debater" ReportDialog={ReportDialog} />;
}
