/**
 * Continent codes of the product (docs/product-rules.md#rooms), in the one order every list shows them: the news
 * sidebar's (docs/product-rules.md#news), home first, then the neighbours, then the rest of the world.
 */
export const CONTINENTS = ['KR', 'CN', 'JP', 'EU', 'AS', 'AM', 'AF'] as const;
export type Continent = (typeof CONTINENTS)[number];

/** Category codes of the product (docs/product-rules.md#rooms). */
export const CATEGORIES = ['PO', 'EC', 'SO', 'CU', 'EN', 'IT', 'SP', 'CO', 'ETC'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Participant formats: T1 = 1:1, T2 = 3:3. */
export const FORMATS = ['T1', 'T2'] as const;
export type Format = (typeof FORMATS)[number];

/** Allowed seconds per turn. */
export const SECONDS_PER_TURN = [30, 40, 50, 60, 90, 120, 150] as const;
export type SecondsPerTurn = (typeof SECONDS_PER_TURN)[number];

/** Allowed turns per side. */
export const MIN_TURNS_PER_SIDE = 3;
export const MAX_TURNS_PER_SIDE = 10;

/** The two debating sides; PRO always speaks first. */
export const SIDES = ['PRO', 'CON'] as const;
export type Side = (typeof SIDES)[number];

/** A ballot: a side, or an abstention. */
export const VOTE_CHOICES = ['PRO', 'CON', 'NO_POSITION'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];

/** A viewer's declared stance on the motion: a side, or undecided (미정). */
export const STANCES = ['PRO', 'CON', 'UNDECIDED'] as const;
export type Stance = (typeof STANCES)[number];

/** Seats per side of a format. */
export function seatsPerSide(format: Format): number {
  return format === 'T1' ? 1 : 3;
}

/** The side facing the given one. */
export function otherSide(side: Side): Side {
  return side === 'PRO' ? 'CON' : 'PRO';
}
