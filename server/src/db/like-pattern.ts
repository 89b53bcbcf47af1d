/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped by backslash (`ESCAPE '\'`). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
