import { MAX_MESSAGE_LENGTH, textLength } from '@toron/engine';

export { MAX_MESSAGE_LENGTH };

/** The two placeholders (docs/product-rules.md#turns). */
export const PLACEHOLDER_MY_TURN = '메시지를 입력하세요';
export const PLACEHOLDER_NOT_MY_TURN = '발언 시간이 아닙니다';

/** The keyboard facts the Enter rule needs (a React or DOM keyboard event fits). */
export interface EnterKey {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly isComposing?: boolean;
  readonly keyCode?: number;
}

/** True while an IME is composing (Korean input): Enter then confirms the syllable, it must not send. */
export function isComposing(e: EnterKey): boolean {
  return e.isComposing === true || e.keyCode === 229;
}

/** Enter (without Shift, outside composition) sends. */
export function sendsOnEnter(e: EnterKey): boolean {
  return e.key === 'Enter' && !e.shiftKey && !isComposing(e);
}

/** The text to send, or null: empty and whitespace-only messages are not sent; the limit is the engine's. */
export function messageToSend(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || textLength(trimmed) > MAX_MESSAGE_LENGTH) return null;
  return trimmed;
}
