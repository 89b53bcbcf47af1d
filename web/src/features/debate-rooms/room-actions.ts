import { paths } from '../../lib/routes';

export type Stance = 'PRO' | 'CON';
type Navigate = (to: string, options?: { state?: unknown }) => void;

/** Joins as a debater: the debate room reads the stance from the navigation state. */
export function joinRoom(navigate: Navigate, roomId: string, stance: Stance): void {
  navigate(paths.debateZone(roomId), { state: { stance } });
}

export function observeRoom(navigate: Navigate, roomId: string): void {
  navigate(paths.observingZone(roomId));
}

export function openArchive(navigate: Navigate, roomId: string): void {
  navigate(paths.archivedRoom(roomId));
}
