import { rectifyConfusion } from 'unicode-confusables';

/**
 * The keys two nicknames are compared by: equal keys mean the nicknames look alike.
 *
 * Both start from the NFKC form (fullwidth, compatibility jamo and other compatibility forms become
 * their plain letters) and end on the confusable skeleton of Unicode TR39 §4 (NFD, default-ignorable
 * code points removed, every character replaced by its prototype from confusables.txt, NFD again),
 * folded to lower case, with separators (spaces, punctuation, symbols …) left out: 김 민지 ~ 김민지.
 * `caseless` folds the case first (ADMIN ~ admin); `visual` maps first, so an upper-case I still
 * reads as l (AIice ~ Alice). A nickname is taken when either of its keys equals either key of
 * another user's nickname. See docs/text-safety.md.
 */
export type NicknameKeys = { readonly caseless: string; readonly visual: string };

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
// What a reader skips between letters: spaces of every kind, punctuation, symbols (emoji too), format
// characters, modifier letters of no script (ː, ʻ) and the Hangul araea (ㆍ), which keyboards offer
// as a dot. 운.영.자 reads as 운영자.
const SEPARATOR = /[\p{White_Space}\p{P}\p{S}\p{Cf}ᆞᆢ]|(?=\p{Lm})\p{Script_Extensions=Common}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Full case folding, as near as JavaScript gets without a table: ß → ss, ς → σ. */
const fold = (s: string): string => s.toUpperCase().toLowerCase();

/** A separator, unless confusables.txt says it looks like a letter or digit (∣ ~ l, ∨ ~ v). */
const skipped = (c: string): boolean =>
  SEPARATOR.test(c) && [...rectifyConfusion(c)].every((p) => SEPARATOR.test(p) || !LETTER_OR_DIGIT.test(p));

/**
 * A string without its separators. Judged on the characters as written, before any mapping (く maps
 * to ❬ and stays a letter). A string of nothing but separators keeps them: ♥ and ★ stay two names.
 */
function withoutSeparators(s: string): string {
  const letters = [...s].filter((c) => !skipped(c)).join('');
  return letters || s;
}

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
  const plain = withoutSeparators(nickname.normalize('NFKC'));
  return { caseless: settle(fold(plain).normalize('NFKC')), visual: settle(plain) };
}

/** Both keys, without a repeat when they are equal. */
export const keyList = (keys: NicknameKeys): string[] =>
  keys.caseless === keys.visual ? [keys.caseless] : [keys.caseless, keys.visual];
