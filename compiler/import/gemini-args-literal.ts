// Gemini CLI matches a rule's `argsPattern` against the tool's arguments
// written as one JSON text (keys sorted, each top-level pair between NUL
// characters), and a `commandRegex` as `"command":"<regex>`. Neither is
// anchored at its end. The only regexes permc can say exactly are those
// that fix one argument's value, or the start of it: `"<name>":"<literal>`,
// optionally followed by `.*`, or by `"` where the value must end. This
// file reads those; any other regex is left to the caller to report.

export interface ArgumentLiteral {
  /** The argument the regex is about (`command`, `file_path`, …). */
  readonly field: string;
  /** Its value, or the start of it, as the tool receives it (JSON escapes decoded). */
  readonly text: string;
  /** True when the value must be `text` exactly, false when it only starts with it. */
  readonly exact: boolean;
}

export type LiteralReading = ArgumentLiteral | { readonly why: string };

type Token =
  | { readonly t: "char"; readonly c: string }
  /** A NUL character (`\x00`, `\0`, `\u0000`): the boundary of a top-level argument. */
  | { readonly t: "nul" }
  /** `\s*`: between `:` and a value, where the JSON text has no blanks, it matches nothing. */
  | { readonly t: "blanks" }
  /** `.*` */
  | { readonly t: "any" }
  | { readonly t: "other" };

const NOT_LITERAL = "is not a literal or a literal prefix of one argument";

/** An `argsPattern`: `"<field>":"<literal>…`, with an optional NUL first. */
export function argsPatternLiteral(regex: string): LiteralReading {
  const toks = tokens(regex);
  let i = toks[0]?.t === "nul" ? 1 : 0;
  if (!isChar(toks[i++], '"')) return { why: `${NOT_LITERAL} (it does not start with "<argument>":)` };
  let field = "";
  while (toks[i]?.t === "char" && /^[A-Za-z0-9_]$/.test((toks[i] as { c: string }).c)) field += (toks[i++] as { c: string }).c;
  if (field === "" || !isChar(toks[i++], '"') || !isChar(toks[i++], ":")) return { why: `${NOT_LITERAL} (it does not start with "<argument>":)` };
  if (toks[i]?.t === "blanks") i++;
  if (!isChar(toks[i++], '"')) return { why: `${NOT_LITERAL} (only a string argument can be read)` };
  return valueLiteral(field, toks.slice(i));
}

/** A `commandRegex`, which Gemini CLI matches as `"command":"<regex>`. */
export function commandRegexLiteral(regex: string): LiteralReading {
  return valueLiteral("command", tokens(regex));
}

/** The literal start of a JSON string value and how the regex ends after it. */
function valueLiteral(field: string, toks: readonly Token[]): LiteralReading {
  let json = "";
  let i = 0;
  // A quote after an odd run of backslashes is one escaped inside the value (`\"`), not its end.
  for (; toks[i]?.t === "char" && (!isChar(toks[i], '"') || /(^|[^\\])(\\\\)*\\$/.test(json)); i++) json += (toks[i] as { c: string }).c;
  const tail = toks.slice(i);
  let exact: boolean;
  if (tail.length === 0 || (tail.length === 1 && tail[0]!.t === "any")) exact = false;
  else if (isValueEnd(tail)) exact = true;
  else if (tail[0]!.t === "any" && isValueEnd(tail.slice(1))) exact = false;
  else return { why: NOT_LITERAL };
  let text: unknown;
  try {
    text = JSON.parse(`"${json}"`);
  } catch {
    return { why: `${NOT_LITERAL} (its text is not a whole JSON string: an escape is cut or a control character is bare)` };
  }
  return { field, text: text as string, exact };
}

/** `"` then an optional NUL, then nothing: the value ends there. */
function isValueEnd(toks: readonly Token[]): boolean {
  return isChar(toks[0], '"') && (toks.length === 1 || (toks.length === 2 && toks[1]!.t === "nul"));
}

function isChar(tok: Token | undefined, c: string): boolean {
  return tok?.t === "char" && tok.c === c;
}

/** The regex as the few tokens this file understands; everything else is `other`. */
function tokens(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    let tok: Token;
    if (c === "\\") {
      const e = src[i + 1];
      if (src.startsWith("x00", i + 1)) [tok, i] = [{ t: "nul" }, i + 4];
      else if (src.startsWith("u0000", i + 1)) [tok, i] = [{ t: "nul" }, i + 6];
      else if (e === "0" && !/[0-9]/.test(src[i + 2] ?? "")) [tok, i] = [{ t: "nul" }, i + 2];
      else if (e === "s" && src[i + 2] === "*") [tok, i] = [{ t: "blanks" }, i + 3];
      else if (e !== undefined && /[^A-Za-z0-9]/.test(e)) [tok, i] = [{ t: "char", c: e }, i + 2];
      else [tok, i] = [{ t: "other" }, i + 2];
    } else if (c === "." && src[i + 1] === "*") [tok, i] = [{ t: "any" }, i + 2];
    else if ("^$.|?*+()[]{}".includes(c)) [tok, i] = [{ t: "other" }, i + 1];
    else if (c === "\0") [tok, i] = [{ t: "nul" }, i + 1];
    else [tok, i] = [{ t: "char", c }, i + 1];
    // A quantifier (or a lazy `?`) after a token makes it match more than itself.
    if (/[*+?{]/.test(src[i] ?? "")) tok = { t: "other" };
    out.push(tok);
  }
  return out;
}
