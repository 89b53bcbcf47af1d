import propertyValueAliases from 'unicode-property-value-aliases-ecmascript';

/**
 * Whether a nickname mixes writing systems in a way that can fake another name: the "moderately
 * restrictive" level of Unicode TR39 §5.2, computed like ICU's SpoofChecker. Allowed are one script
 * (with common characters such as digits, punctuation and emoji), Latin with Han and Hangul or
 * Japanese kana, and Latin with one other script unless that one is Cyrillic, Greek or Cherokee,
 * whose letters copy Latin ones. So 김민지 Kim, 民志 민지, Ahmed أحمد pass; аdmin (Cyrillic а),
 * ΟK (Greek Ο) and 김민ж do not. See docs/text-safety.md.
 */

const LATIN = 'Latin';
/** TR39 §5.1: Han, Hangul and the kana also count as the writing systems that combine them. */
const AUGMENTED: Readonly<Record<string, readonly string[]>> = {
  Han: ['Hanb', 'Jpan', 'Kore'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};
const CJK_SETS = ['Hanb', 'Jpan', 'Kore'];
const LATIN_LOOKALIKES = ['Cyrillic', 'Greek', 'Cherokee'];

const supported = (script: string): boolean => {
  try {
    new RegExp(`\\p{scx=${script}}`, 'u');
    return true;
  } catch {
    return false; // a script newer than this runtime's Unicode tables, or one ECMAScript does not name
  }
};

/** Every script a character can belong to, each with its test (Common and Inherited are no script here). */
const SCRIPT_TESTS = [...new Set(propertyValueAliases.get('Script_Extensions')?.values() ?? [])]
  .filter((s) => s !== 'Common' && s !== 'Inherited' && supported(s))
  .map((script) => ({ script, test: new RegExp(`^\\p{scx=${script}}$`, 'u') }));
if (SCRIPT_TESTS.length < 100) throw new Error('the Unicode script list did not load');

/** A character's augmented script set; null for common and inherited characters, which fit any script. */
function scriptsOf(char: string): Set<string> | null {
  const found = new Set<string>();
  for (const { script, test } of SCRIPT_TESTS) {
    if (!test.test(char)) continue;
    found.add(script);
    for (const extra of AUGMENTED[script] ?? []) found.add(extra);
  }
  return found.size === 0 ? null : found;
}

/** The scripts every given set shares (null when there were no sets: no constraint). */
function intersect(sets: readonly Set<string>[]): Set<string> | null {
  const [first, ...rest] = sets;
  if (!first) return null;
  return new Set([...first].filter((s) => rest.every((set) => set.has(s))));
}

/** True when the text mixes scripts beyond what TR39's moderately restrictive level allows. */
export function mixesScripts(text: string): boolean {
  const sets = [...text].map(scriptsOf).filter((s): s is Set<string> => s !== null);
  const all = intersect(sets);
  if (all === null || all.size > 0) return false; // one script
  const withoutLatin = intersect(sets.filter((s) => !s.has(LATIN)));
  if (withoutLatin === null || withoutLatin.size === 0) return true;
  if (CJK_SETS.some((s) => withoutLatin.has(s))) return false; // highly restrictive
  return LATIN_LOOKALIKES.some((s) => withoutLatin.has(s));
}
