import { RoomPage } from './RoomPage';
import type { ReportDialogComponent } from './report-request';

/** /observing-zone/{roomId}: the observer's seat, with the observers' chat and their vote. */
export function ObservingZonePage({ ReportDialog }: { ReportDialog: ReportDialogComponent }) {
  return <RoomPage role="observer" ReportDialog={ReportDialog} />;
}
