export type GateStance = 'PRO' | 'CON';

/** The join button works only once a room id and a stance are both filled (part2 §5). */
export function canEnter(roomId: string, stance: GateStance | ''): stance is GateStance {
  return roomId.trim() !== '' && stance !== '';
}
