const LONG_MESSAGE = 30;

/** Long server messages (over 30 characters) get a line break after each sentence's punctuation. */
export function breakMessage(message: string): string {
  if (message.length <= LONG_MESSAGE) return message;
  return message.replace(/([.?!])\s*(?=\S)/g, '$1\n');
}
