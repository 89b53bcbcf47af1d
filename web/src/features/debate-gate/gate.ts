export type GateStance = 'PRO' | 'CON';

/**
 * The join button works only once a room id and a stance are both filled (docs/product-rules.md#screens-and-guards).
 */
export function canEnter(roomId: string, stance: GateStance | ''): stance is GateStance {
  return roomId.trim() !== '' && stance !== '';
}
