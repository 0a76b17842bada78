// A tolerant reader for the part of Starlark that Codex `.rules` files use:
// top-level calls with positional and keyword arguments whose values are
// strings, lists, identifiers (True/False/None) and numbers. Comments and
// `'…'`, `"…"`, triple-quoted and adjacent (concatenated) strings are
// understood. A statement it cannot read is skipped and reported, so one odd
// line never hides the rules after it.

export type StarValue = string | number | boolean | null | StarValue[] | { readonly call: string };

export interface StarCall {
  readonly name: string;
  readonly args: readonly StarValue[];
  readonly kwargs: ReadonlyMap<string, StarValue>;
  readonly line: number;
}

type Token = { kind: "str"; value: string; line: number } | { kind: "id" | "num" | "punct"; value: string; line: number };

export function parseStarlark(text: string): { calls: StarCall[]; errors: string[] } {
  const errors: string[] = [];
  const tokens = tokenize(text, errors);
  const calls: StarCall[] = [];
  let i = 0;
  while (i < tokens.length) {
    const start = i;
    try {
      const t = tokens[i]!;
      if (t.kind !== "id" || tokens[i + 1]?.value !== "(") throw new Error(`unexpected \`${t.value}\``);
      i += 2;
      const args: StarValue[] = [];
      const kwargs = new Map<string, StarValue>();
      while (tokens[i]?.value !== ")") {
        if (i >= tokens.length) throw new Error("unterminated call");
        if (tokens[i]!.kind === "id" && tokens[i + 1]?.value === "=") {
          const key = tokens[i]!.value;
          i += 2;
          const [v, next] = value(tokens, i);
          kwargs.set(key, v);
          i = next;
        } else {
          const [v, next] = value(tokens, i);
          args.push(v);
          i = next;
        }
        if (tokens[i]?.value === ",") i++;
        else if (tokens[i]?.value !== ")") throw new Error(`expected \`,\` or \`)\`, found \`${tokens[i]?.value ?? "end of file"}\``);
      }
      i++;
      calls.push({ name: t.value, args, kwargs, line: t.line });
    } catch (e) {
      errors.push(`line ${tokens[start]!.line}: ${(e as Error).message}; statement skipped`);
      // Resume at the next identifier that starts a line's call.
      i = Math.max(i, start + 1);
      while (
        i < tokens.length &&
        !(tokens[i]!.kind === "id" && tokens[i + 1]?.value === "(" && tokens[i - 1]?.value !== "=" && tokens[i]!.line > tokens[start]!.line)
      )
        i++;
    }
  }
  return { calls, errors };
}

function value(tokens: readonly Token[], i: number): [StarValue, number] {
  const t = tokens[i];
  if (!t) throw new Error("value expected at end of file");
  if (t.kind === "str") {
    let s = t.value;
    while (tokens[i + 1]?.kind === "str") s += tokens[++i]!.value;
    return [s, i + 1];
  }
  if (t.kind === "num") return [Number(t.value), i + 1];
  if (t.value === "[" || t.value === "(") {
    const close = t.value === "[" ? "]" : ")";
    const items: StarValue[] = [];
    i++;
    while (tokens[i]?.value !== close) {
      const [v, next] = value(tokens, i);
      items.push(v);
      i = next;
      if (tokens[i]?.value === ",") i++;
      else if (tokens[i]?.value !== close) throw new Error(`expected \`,\` or \`${close}\` in a list`);
    }
    return [items, i + 1];
  }
  if (t.kind === "id") {
    if (t.value === "True") return [true, i + 1];
    if (t.value === "False") return [false, i + 1];
    if (t.value === "None") return [null, i + 1];
    if (tokens[i + 1]?.value === "(") {
      // A nested call: skip it, keeping only its name.
      let depth = 0;
      let j = i + 1;
      do {
        if (tokens[j]?.value === "(") depth++;
        else if (tokens[j]?.value === ")") depth--;
        j++;
      } while (depth > 0 && j < tokens.length);
      return [{ call: t.value }, j];
    }
    return [{ call: t.value }, i + 1];
  }
  throw new Error(`unexpected \`${t.value}\``);
}

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0" };

function tokenize(text: string, errors: string[]): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (c === "#") while (i < text.length && text[i] !== "\n") i++;
    else if (c === '"' || c === "'" || ((c === "r" || c === "R") && (text[i + 1] === '"' || text[i + 1] === "'"))) {
      const raw = c === "r" || c === "R";
      if (raw) i++;
      const q = text[i]!;
      const triple = text.startsWith(q.repeat(3), i);
      const close = triple ? q.repeat(3) : q;
      const startLine = line;
      i += close.length;
      let s = "";
      while (i < text.length && !text.startsWith(close, i)) {
        if (text[i] === "\n") {
          if (!triple) break;
          line++;
        }
        if (text[i] === "\\" && !raw && i + 1 < text.length) {
          const e = text[i + 1]!;
          s += ESCAPES[e] ?? "\\" + e;
          i += 2;
        } else s += text[i++];
      }
      if (!text.startsWith(close, i)) errors.push(`line ${startLine}: unterminated string`);
      else i += close.length;
      tokens.push({ kind: "str", value: s, line: startLine });
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 200))!;
      tokens.push({ kind: "id", value: m[0], line });
      i += m[0].length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9][0-9_.]*/.exec(text.slice(i, i + 50))!;
      tokens.push({ kind: "num", value: m[0], line });
      i += m[0].length;
    } else {
      tokens.push({ kind: "punct", value: c, line });
      i++;
    }
  }
  return tokens;
}
