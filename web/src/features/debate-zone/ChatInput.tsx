import { textLength } from '@toron/engine';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { MAX_MESSAGE_LENGTH, messageToSend, sendsOnEnter } from './chat-input';
import { FIELD_FOCUS } from '../../ui/field-focus';
import { keepWithin } from '../../ui/text-limit';

interface ChatInputProps {
  label: string;
  placeholder: string;
  disabled?: boolean;
  /** Returns false when the message could not be sent (kept in the box). */
  onSend: (text: string) => boolean;
  limit?: number;
  /** The server refused the last message sent from here: say why, once, and give the text back. */
  refusal?: { readonly message: string; readonly text: string; readonly id: number } | null;
}

/**
 * The message box: Enter sends unless an IME is composing, Shift+Enter breaks the line; a counter against the limit
 * (characters as docs/product-rules.md#text-length counts them; typing stops there).
 */
export function ChatInput({
  label,
  placeholder,
  disabled = false,
  onSend,
  limit = MAX_MESSAGE_LENGTH,
  refusal = null,
}: ChatInputProps) {
  const [text, setText] = useState('');
  const [reason, setReason] = useState<string | null>(null);
  const id = useId();
  // Each refusal is taken once, when its id first arrives (one present at mount was seen before).
  const [seenRefusal, setSeenRefusal] = useState(refusal?.id);
  if (refusal && refusal.id !== seenRefusal) {
    setSeenRefusal(refusal.id);
    setReason(refusal.message);
    // The refused text comes back unless something new is being typed already.
    setText((current) => (current === '' ? refusal.text : current));
  }
  const send = () => {
    const message = messageToSend(text);
    if (disabled || message === null) return;
    setReason(null);
    if (onSend(message)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter') return;
    if (
      sendsOnEnter({
        key: event.key,
        shiftKey: event.shiftKey,
        isComposing: event.nativeEvent.isComposing,
        keyCode: event.keyCode,
      })
    ) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2 border-t border-line bg-paper p-3"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className="relative min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          id={id}
          rows={1}
          value={text}
          disabled={disabled}
          placeholder={placeholder}
          aria-describedby={reason ? `${id}-count ${id}-reason` : `${id}-count`}
          onChange={(e) => setText(keepWithin(text, e.target.value, limit))}
          onKeyDown={onKeyDown}
          className={cx(
            'block max-h-32 min-h-11 w-full resize-none rounded-lg border border-line-strong px-3.5',
            'py-2.5 pr-16 text-[0.9375rem] leading-normal',
            'placeholder:text-ink-subtle',
            FIELD_FOCUS,
            'disabled:cursor-not-allowed disabled:bg-surface',
          )}
        />
        <span
          id={`${id}-count`}
          className="tabular pointer-events-none absolute bottom-2.5 right-3 text-xs text-ink-subtle"
        >
          <span className="sr-only">글자 수 </span>
          {textLength(text)}/{limit}
        </span>
      </div>
      <Button type="submit" disabled={disabled || messageToSend(text) === null}>
        전송
      </Button>
      <p id={`${id}-reason`} role="status" className={cx('basis-full text-sm text-danger', !reason && 'sr-only')}>
        {reason}
      </p>
    </form>
  );
}
