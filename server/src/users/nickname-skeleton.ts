import { rectifyConfusion } from 'unicode-confusables';

/**
 * The keys two nicknames are compared by: equal keys mean the nicknames look alike.
 *
 * Both start from the NFKC form (fullwidth, compatibility jamo and other compatibility forms become
 * their plain letters) and end on the confusable skeleton of Unicode TR39 §4 (NFD, default-ignorable
 * code points removed, every character replaced by its prototype from confusables.txt, NFD again),
 * folded to lower case. `caseless` folds the case first (ADMIN ~ admin); `visual` maps first, so an
 * upper-case I still reads as l (AIice ~ Alice). A nickname is taken when either of its keys equals
 * either key of another user's nickname. See docs/text-safety.md.
 */
export type NicknameKeys = { readonly caseless: string; readonly visual: string };

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const SPACES = /\s+/gu;

/** Full case folding, as near as JavaScript gets without a table: ß → ss, ς → σ. */
const fold = (s: string): string => s.toUpperCase().toLowerCase();

/** The TR39 skeleton of a string. */
const skeleton = (s: string): string => rectifyConfusion(s.normalize('NFD').replace(IGNORABLE, '')).normalize('NFD');

/** Skeleton and fold again until nothing changes (a fold can uncover another mapping: 0 → O → o). */
function settle(s: string): string {
  let current = s;
  for (let round = 0; round < 4; round++) {
    const next = fold(skeleton(current));
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The comparison keys of a nickname (see NicknameKeys). */
export function nicknameKeys(nickname: string): NicknameKeys {
  const plain = nickname.normalize('NFKC').replace(SPACES, ' ').trim();
  return { caseless: settle(fold(plain).normalize('NFKC')), visual: settle(plain) };
}

/** Both keys, without a repeat when they are equal. */
export const keyList = (keys: NicknameKeys): string[] =>
  keys.caseless === keys.visual ? [keys.caseless] : [keys.caseless, keys.visual];
