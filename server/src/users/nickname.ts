import { INTRODUCTION_MAX_LENGTH, NICKNAME_MAX_LENGTH, stripInvisible, textLength, visibleText } from '@toron/engine';
import { ApiError } from '../http/envelope.js';
import { nicknameKeys } from './nickname-skeleton.js';
import { mixesScripts } from './script-mix.js';
import type { UserStore } from './store.js';
import type { UserRow } from './tables.js';

// Control, private-use, unassigned (noncharacters among them) and lone surrogate code points have no
// agreed look at all; the replacement characters (U+FFFC, U+FFFD) stand for text that was lost.
const unusable = /[\p{Cc}\p{Co}\p{Cn}\p{Cs}\uFFFC\uFFFD]/u;
// Blank or invisible although not default-ignorable (those are stripInvisible's): other format
// characters, every space but the plain one, the blank braille pattern; a combining mark with no
// letter under it; conjoining Hangul jamo NFC could not join into a syllable (they draw over their
// neighbours).
const blank =
  /(?!\p{Default_Ignorable_Code_Point})\p{Cf}|[\p{Zl}\p{Zp}\u2800]|(?! )\s|(?:^|\s)\p{M}|[\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]/u;
const reservedPrefix = /^(google|kakao)_/i;

/** Names only staff may carry: contained anywhere (Korean words no name holds by chance), or as the whole nickname. */
const STAFF_WORDS = ['운영자', '관리자', '운영진', '운영팀'].map((w) => nicknameKeys(w).caseless);
const STAFF_NAMES = new Set(
  ['admin', 'administrator', 'staff', 'moderator', 'operator', 'system', 'toron', '토론', '시스템', '공지'].map(
    (w) => nicknameKeys(w).caseless,
  ),
);

const refuse = (code: string, message: string) => new ApiError(400, code, message);
const invalid = (message: string) => refuse('INVALID_NICKNAME', message);

/** Whether a nickname reads as staff's (운영자, 관리자, admin …), in any spelling, separators left out (운.영.자). */
function soundsLikeStaff(nickname: string): boolean {
  const keys = nicknameKeys(nickname);
  return [keys.caseless, keys.visual].some(
    (key) => STAFF_NAMES.has(key) || STAFF_WORDS.some((word) => key.includes(word)),
  );
}

/**
 * The nickname rules without the uniqueness check, as one Korean refusal each: NFC, trimmed, 1–10
 * characters, nothing invisible or blank, no reserved prefix, no confusable mix of scripts, and no
 * staff name unless `staff`. Returns the nickname as it is stored.
 */
export function normalizeNickname(raw: string, staff = false): string {
  const nickname = raw.normalize('NFC').trim();
  if (textLength(nickname) < 1 || textLength(nickname) > NICKNAME_MAX_LENGTH) {
    throw invalid(`닉네임은 1~${NICKNAME_MAX_LENGTH}자로 입력해주세요.`);
  }
  if (unusable.test(nickname)) throw invalid('닉네임에 사용할 수 없는 문자가 있습니다.');
  if (stripInvisible(nickname) !== nickname || blank.test(nickname)) {
    throw refuse(
      'NICKNAME_INVISIBLE_CHARACTER',
      '닉네임에 보이지 않는 문자나 빈칸처럼 보이는 문자, 글자 없이 홀로 쓰인 결합 문자는 쓸 수 없습니다.',
    );
  }
  if (reservedPrefix.test(nickname.normalize('NFKC'))) {
    throw invalid('GOOGLE_ 또는 KAKAO_로 시작하는 닉네임은 사용할 수 없습니다.');
  }
  if (mixesScripts(nickname)) {
    throw refuse(
      'NICKNAME_MIXED_SCRIPT',
      '닉네임에 모양이 비슷한 여러 나라 문자(예: 영문과 키릴 문자)를 섞어 쓸 수 없습니다. 한 가지 문자로 입력해주세요.',
    );
  }
  if (!staff && soundsLikeStaff(nickname)) {
    throw refuse('RESERVED_NICKNAME', '운영진으로 오해받을 수 있는 닉네임은 사용할 수 없습니다.');
  }
  return nickname;
}

/** The refusal of a nickname that looks like one already taken (also used when a write loses a race). */
export const duplicateNickname = () => refuse('DUPLICATE_NICKNAME', '중복된 닉네임입니다. 다른 닉네임을 입력해주세요.');

/** Who is choosing: `selfId`'s own nickname counts as free; `staff` may carry a staff name. */
export type NicknameChooser = { readonly selfId?: number; readonly staff?: boolean };

/** The chooser for a user choosing their own nickname: staff by role, never by name. */
export const chooserOf = (user: Pick<UserRow, 'id' | 'role'>): NicknameChooser => ({
  selfId: user.id,
  staff: user.role === 'ROLE_ADMIN',
});

/**
 * Validates a nickname someone wants: the rules of normalizeNickname, then unique by look (see
 * nickname-skeleton.ts) among everyone but `selfId`. Returns the nickname as it is stored.
 */
export async function acceptNickname(users: UserStore, raw: string, chooser: NicknameChooser = {}): Promise<string> {
  const nickname = normalizeNickname(raw, chooser.staff);
  if (await users.isNicknameTaken(nickname, chooser.selfId)) throw duplicateNickname();
  return nickname;
}

/**
 * Validates an introduction: its visible text (invisible characters dropped), at most 20 characters; empty means none
 * (null).
 */
export function acceptIntroduction(raw: string): string | null {
  const intro = visibleText(raw);
  if (textLength(intro) > INTRODUCTION_MAX_LENGTH) {
    throw new ApiError(400, 'INVALID_INTRODUCTION', `소개는 ${INTRODUCTION_MAX_LENGTH}자 이내로 입력해주세요.`);
  }
  return intro.length > 0 ? intro : null;
}
