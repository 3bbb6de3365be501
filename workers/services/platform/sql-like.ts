/**
 * A LIKE pattern that finds `text` anywhere, its own %, _ and \ matched as themselves: use it with
 * `escape '\\'` after the pattern.
 */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
