// ---- SQL scanning ----

export interface SqlScan {
  /** Non-empty statements, split the way sqlite3_complete() does (a CREATE TRIGGER body is one statement). */
  statements: number;
  /** Highest parameter index, numbered the way SQLite numbers them. */
  paramCount: number;
  /** Parameter name by 1-based index (`:a`, `@a`, `$a`, `?3`); anonymous `?` has none. */
  paramNames: Map<number, string>;
  /** Upper-cased bare words of the first statement. */
  words: string[];
}

// sqlite3_complete()'s state machine. Tokens: SEMI WS OTHER EXPLAIN CREATE TEMP TRIGGER END.
const SEMI = 0,
  WS = 1,
  OTHER = 2;
const KEYWORD_TOKENS: Record<string, number> = { EXPLAIN: 3, CREATE: 4, TEMP: 5, TEMPORARY: 5, TRIGGER: 6, END: 7 };
const COMPLETE_TRANSITIONS = [
  [1, 0, 2, 3, 4, 2, 2, 2], // 0 invalid
  [1, 1, 2, 3, 4, 2, 2, 2], // 1 start (after a complete statement)
  [1, 2, 2, 2, 2, 2, 2, 2], // 2 normal
  [1, 3, 3, 2, 4, 2, 2, 2], // 3 explain
  [1, 4, 2, 2, 2, 4, 5, 2], // 4 create
  [6, 5, 5, 5, 5, 5, 5, 5], // 5 trigger body
  [6, 6, 5, 5, 5, 5, 5, 7], // 6 semicolon inside trigger body
  [1, 7, 5, 5, 5, 5, 5, 5], // 7 END of trigger body
] as const;

const isIdChar = (ch: string) => /[A-Za-z0-9_$]/.test(ch) || ch.charCodeAt(0) >= 0x80;

/**
 * A small tokenizer, because the `libsql` package exposes neither parameter names nor the unparsed
 * tail of a statement: binding by name in `libsql` panics (aborting the process) when the SQL also has
 * an anonymous `?`, and `prepare()` silently ignores every statement after the first.
 */
export function scanSql(sql: string): SqlScan {
  let state = 0;
  let statements = 0;
  let paramCount = 0;
  const paramNames = new Map<number, string>();
  const namedIndex = new Map<string, number>();
  const words: string[] = [];

  // SQLite's numbering: `?` takes the next index, `?N` takes N, a name reuses its first index.
  const addParam = (name: string) => {
    if (name === "?") {
      paramCount += 1;
    } else if (name.startsWith("?")) {
      const index = Number(name.slice(1));
      paramCount = Math.max(paramCount, index);
      if (!paramNames.has(index)) paramNames.set(index, name);
    } else if (!namedIndex.has(name)) {
      paramCount += 1;
      namedIndex.set(name, paramCount);
      paramNames.set(paramCount, name);
    }
  };
  const skipPast = (end: string, from: number) => {
    const at = sql.indexOf(end, from);
    return at === -1 ? sql.length : at + end.length;
  };

  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    const next = sql[i + 1] ?? "";
    let token = OTHER;
    let param: string | undefined;
    let word: string | undefined;
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f") {
      token = WS;
      i += 1;
    } else if (ch === "-" && next === "-") {
      token = WS;
      i = skipPast("\n", i);
    } else if (ch === "/" && next === "*") {
      token = WS;
      i = skipPast("*/", i + 2);
    } else if (ch === ";") {
      token = SEMI;
      i += 1;
    } else if (ch === "'" || ch === '"' || ch === "`") {
      // A doubled (escaped) quote just rescans as the start of another quoted run.
      i = skipPast(ch, i + 1);
    } else if (ch === "[") {
      i = skipPast("]", i + 1);
    } else if (ch === "?") {
      let end = i + 1;
      while (end < sql.length && /[0-9]/.test(sql[end] as string)) end += 1;
      param = sql.slice(i, end);
      i = end;
    } else if (ch === ":" || ch === "@" || ch === "$" || ch === "#") {
      let end = i + 1;
      for (;;) {
        if (end < sql.length && isIdChar(sql[end] as string)) end += 1;
        else if (ch === "$" && sql.startsWith("::", end)) end += 2;
        else break;
      }
      if (ch === "$" && end > i + 1 && sql[end] === "(") end = skipPast(")", end);
      if (end > i + 1) param = sql.slice(i, end);
      i = Math.max(end, i + 1);
    } else if (isIdChar(ch)) {
      let end = i + 1;
      while (end < sql.length && isIdChar(sql[end] as string)) end += 1;
      if (!/[0-9]/.test(ch)) {
        word = sql.slice(i, end).toUpperCase();
        token = KEYWORD_TOKENS[word] ?? OTHER;
      }
      i = end;
    } else {
      i += 1;
    }
    if (token !== WS && token !== SEMI && state <= 1) statements += 1;
    state = (COMPLETE_TRANSITIONS[state] as readonly number[])[token] as number;
    // Only the first statement matters: with more than one the statement is rejected anyway.
    if (statements === 1) {
      if (param !== undefined) addParam(param);
      if (word !== undefined) words.push(word);
    }
  }
  return { statements, paramCount, paramNames, words };
}
