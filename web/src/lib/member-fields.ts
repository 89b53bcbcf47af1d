import { INTRODUCTION_MAX_LENGTH, NICKNAME_MAX_LENGTH } from '@toron/engine';
import { ApiError } from './api';

/** The nickname field as every form that sets one shows it (sign-up, profile, staff rename). */
export const nicknameField = {
  maxLength: NICKNAME_MAX_LENGTH,
  placeholder: `최대 ${NICKNAME_MAX_LENGTH}자 이내로 입력해주세요`,
} as const;

/** The one-line introduction field of sign-up and the profile. */
export const introductionField = {
  maxLength: INTRODUCTION_MAX_LENGTH,
  placeholder: `최대 ${INTRODUCTION_MAX_LENGTH}자 이내로 소개해주세요`,
} as const;

/** A refusal for the nickname itself: every nickname rule's code names it (DUPLICATE_NICKNAME, RESERVED_NICKNAME …). */
export const isNicknameRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && (error.code ?? '').includes('NICKNAME');
