import type { MouseEvent } from 'react';

type ClickHandler = (event: MouseEvent<HTMLButtonElement>) => void;

/**
 * A button waiting for its own request: announced as unavailable (aria-disabled) and deaf to clicks,
 * but still focusable. A natively disabled button would drop a keyboard user's focus to the start of
 * the page while it waits; a submit button's click is cancelled too, so Enter in a field sends nothing.
 */
export function waitingButton(waiting: boolean, onClick?: ClickHandler) {
  return {
    'aria-disabled': waiting || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (waiting) event.preventDefault();
      else onClick?.(event);
    },
  };
}
