import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatInput } from '../../src/features/debate-zone/ChatInput';
import { TextField } from '../../src/ui/TextField';
import { keepWithin } from '../../src/ui/text-limit';

afterEach(cleanup);

/** A nickname field as the screens hold one: the value in state, at most 10 characters. */
function Nickname() {
  const [value, setValue] = useState('');
  return <TextField label="닉네임" value={value} onChange={setValue} maxLength={10} />;
}

const field = () => screen.getByLabelText<HTMLInputElement>('닉네임');
const type = (value: string) => fireEvent.change(field(), { target: { value } });

describe('a field with a limit counts characters as the server does (docs/product-rules.md#text-length)', () => {
  it('counts an emoji as one', () => {
    render(<Nickname />);
    type('😀');
    expect(screen.getByText('1/10')).toBeTruthy();
    expect(screen.getByLabelText('10자 중 1자 입력')).toBeTruthy();
    type('😀'.repeat(10));
    expect(screen.getByText('10/10')).toBeTruthy();
    expect(field().value).toBe('😀'.repeat(10));
    // The browser's maxlength counts UTF-16 units (😀 is two): the field does not use it.
    expect(field().hasAttribute('maxlength')).toBe(false);
  });

  it('cuts what goes past the limit on a character boundary, never half of an emoji', () => {
    render(<Nickname />);
    type(`a${'😀'.repeat(10)}`);
    expect(field().value).toBe(`a${'😀'.repeat(9)}`);
    expect(screen.getByText('10/10')).toBeTruthy();
    // Typed in the middle of a full field: the new character goes, the end stays.
    type(`a😀가${'😀'.repeat(8)}`);
    expect(field().value).toBe(`a${'😀'.repeat(9)}`);
  });

  it('does the same in the chat box', () => {
    render(<ChatInput label="발언 입력" placeholder="메시지를 입력하세요" onSend={() => true} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: '발언 입력' });
    fireEvent.change(box, { target: { value: '😀' } });
    expect(screen.getByText('1/500', { exact: false })).toBeTruthy();
    fireEvent.change(box, { target: { value: `가${'😀'.repeat(500)}` } });
    expect(box.value).toBe(`가${'😀'.repeat(499)}`);
    expect(screen.getByText('500/500', { exact: false })).toBeTruthy();
    expect(box.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '전송' }).disabled).toBe(false);
  });
});

/** Text with Hangul, emoji, a flag (two code points) and an astral Han character. */
const text = fc
  .array(fc.constantFrom('가', 'a', ' ', '😀', '👍🏽', '𠮷', '🇰🇷'), { maxLength: 14 })
  .map((pieces) => pieces.join(''));
const HALF_A_CHARACTER = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('keepWithin', () => {
  it('keeps an edit within the limit whole; past it, keeps the text there was and as much of the new as fits', () => {
    fc.assert(
      fc.property(text, text, fc.nat({ max: 14 }), fc.nat({ max: 12 }), (start, inserted, at, max) => {
        const previous = [...start].slice(0, max);
        const cut = Math.min(at, previous.length);
        const next = [...previous.slice(0, cut), inserted, ...previous.slice(cut)].join('');
        const kept = [...keepWithin(previous.join(''), next, max)];
        expect(kept.join('')).not.toMatch(HALF_A_CHARACTER);
        if ([...next].length <= max) {
          expect(kept.join('')).toBe(next);
          return;
        }
        expect(kept).toHaveLength(max);
        // `kept` is `previous` with something put in at one place: nothing of what was there is lost.
        let same = 0;
        while (same < previous.length && kept[same] === previous[same]) same++;
        expect(kept.slice(kept.length - (previous.length - same))).toEqual(previous.slice(same));
      }),
    );
  });

  it('cuts a paste into an empty field to its first characters', () => {
    expect(keepWithin('', '😀'.repeat(12), 10)).toBe('😀'.repeat(10));
    expect(keepWithin('', `${'가'.repeat(9)}😀😀`, 10)).toBe(`${'가'.repeat(9)}😀`);
  });
});
