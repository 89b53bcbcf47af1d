import type { Db } from '../db/client.js';
import { ApiError } from '../http/envelope.js';
import { isNicknameTaken } from './store.js';

export const NICKNAME_MAX = 10;
export const INTRODUCTION_MAX = 20;

/** Characters, not UTF-16 units: '가' and an emoji each count as one. */
const length = (s: string): number => [...s].length;

// Control and invisible formatting characters would make look-alike nicknames.
const forbidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const reservedPrefix = /^(google|kakao)_/i;

const invalid = (message: string) => new ApiError(400, 'INVALID_NICKNAME', message);

/** The nickname rules without the uniqueness check: trimmed, 1–10 characters, no reserved prefix. */
export function normalizeNickname(raw: string): string {
  const nickname = raw.trim();
  if (length(nickname) < 1 || length(nickname) > NICKNAME_MAX) {
    throw invalid(`닉네임은 1~${NICKNAME_MAX}자로 입력해주세요.`);
  }
  if (forbidden.test(nickname)) throw invalid('닉네임에 사용할 수 없는 문자가 있습니다.');
  if (reservedPrefix.test(nickname)) throw invalid('GOOGLE_ 또는 KAKAO_로 시작하는 닉네임은 사용할 수 없습니다.');
  return nickname;
}

/**
 * Validates a nickname a user wants (trimmed, 1–10 characters, no reserved prefix, unique
 * ignoring case; the caller's own nickname counts as free). Returns the trimmed nickname.
 */
export function acceptNickname(db: Db, raw: string, selfId?: number): string {
  const nickname = normalizeNickname(raw);
  if (isNicknameTaken(db, nickname, selfId)) {
    throw new ApiError(400, 'DUPLICATE_NICKNAME', '중복된 닉네임입니다. 다른 닉네임을 입력해주세요.');
  }
  return nickname;
}

/** Validates an introduction: at most 20 characters after trimming; empty means none (null). */
export function acceptIntroduction(raw: string): string | null {
  const intro = raw.trim();
  if (length(intro) > INTRODUCTION_MAX) {
    throw new ApiError(400, 'INVALID_INTRODUCTION', `소개는 ${INTRODUCTION_MAX}자 이내로 입력해주세요.`);
  }
  if (forbidden.test(intro.replace(/\n/g, ''))) {
    throw new ApiError(400, 'INVALID_INTRODUCTION', '소개에 사용할 수 없는 문자가 있습니다.');
  }
  return intro.length > 0 ? intro : null;
}
