/**
 * How a text field shows focus, everywhere alike: the brand border, and a soft 2 px ring where the
 * browser shows focus (the global 3 px outline would sit on top of the border).
 */
export const FIELD_FOCUS =
  'focus:border-brand focus:outline-none focus-visible:outline-2 focus-visible:outline-brand/40';
