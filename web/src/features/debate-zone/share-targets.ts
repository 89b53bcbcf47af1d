import type { RoomInfo } from '@toron/engine';
import { paths } from '../../lib/routes';
import type { ShareTarget } from '../../lib/share-link';

/** A running room is shared as its observer's seat: whoever opens the link watches (and may vote). */
export const liveRoomShare = (info: RoomInfo): ShareTarget => ({
  path: paths.observingZone(info.roomId),
  title: info.title,
  text: `토론(Toron)에서 실시간 토론 중이에요: ${info.title}`,
});

/** An ended room is shared as its archive: the result, both logs and the replay. */
export const archiveShare = (info: RoomInfo): ShareTarget => ({
  path: paths.archivedRoom(info.roomId),
  title: info.title,
  text: `토론(Toron)의 지난 토론: ${info.title}`,
});
