/**
 * A shell word as the set of strings it can become.
 *
 * bash expands a word in steps: braces (`{a,b}` → two words), tilde, then
 * parameters and substitutions (values permc does not know), then quote
 * removal and, for unquoted `*`, `?` and `[…]`, pathname expansion. This
 * module reads a word's source text the same way and returns, per brace
 * alternative, a list of segments for runtime/explore.ts: known text, "any
 * string" for an expansion, and glob segments (which never cross `/`).
 * Path rules are then intersected with the word's language instead of
 * being matched against its spelling.
 *
 * It never guesses: text it cannot read (an unterminated quote or
 * substitution, too many brace alternatives) makes the whole word "any
 * string".
 */
import { NOT_SLASH, type CharSet, type Segment } from "../../explore.js";
import { changesUnquoted, decodeAnsiC, type Word } from "./words.js";

export interface WordPatternOptions {
  /** What `~` and `$HOME` expand to; null when the command reassigns HOME (then they are unknown). */
  readonly home: string | null;
  /** What `$PWD` expands to, when the directory is known. */
  readonly pwd?: string | null;
  /** What `$(pwd)` prints, when the directory is known and no function may stand for the builtin. */
  readonly pwdCommand?: string | null;
}

/** `$(pwd)`, `` `pwd` ``, with `-L` or `-P`: the directory the command runs in (split/ floors `set -P`; `-P` names it physically). */
const PWD_SUBSTITUTION = /^(?:\$\(\s*pwd(?:\s+-[LP])?\s*\)|`\s*pwd(?:\s+-[LP])?\s*`)$/;

/** Brace alternatives one word may expand to before permc gives up on it. */
export const MAX_ALTERNATIVES = 64;

const ANY: Segment = { kind: "any" };
const STAR: Segment = { kind: "many", set: NOT_SLASH };
const QUESTION: Segment = { kind: "one", set: NOT_SLASH };

/** Longer words are not read (no path is this long): any string, in constant work. */
export const MAX_WORD_LENGTH = 4_096;

/** The alternatives of a word (one when it has no braces), each a list of segments. */
export function wordPattern(raw: string, opts: WordPatternOptions): Segment[][] {
  if (raw.length > MAX_WORD_LENGTH) return [[ANY]];
  const words = expandBraces(raw);
  if (words === null) return [[ANY]];
  return words.map((w) => segmentsOf(w, opts) ?? [ANY]);
}

/** True when any alternative holds something other than known text. */
export function isPattern(alternatives: readonly (readonly Segment[])[]): boolean {
  return alternatives.length > 1 || alternatives.some((a) => a.some((s) => s.kind !== "text"));
}

/** Join adjacent text segments (simpler automata walks and readable tests). */
function compact(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    const last = out[out.length - 1];
    if (s.kind === "text" && last !== undefined && last.kind === "text") out[out.length - 1] = { kind: "text", text: last.text + s.text };
    else if (!(s.kind === "text" && s.text === "")) out.push(s);
  }
  return out;
}

/** Offset just past the quoted or substituted region starting at `i`, or -1 when it does not end. */
function skipRegion(w: string, i: number): number {
  const c = w[i];
  if (c === "'") {
    const end = w.indexOf("'", i + 1);
    return end < 0 ? -1 : end + 1;
  }
  if (c === '"') {
    for (let j = i + 1; j < w.length; j++) {
      if (w[j] === "\\") j++;
      else if (w[j] === "$" && (w[j + 1] === "(" || w[j + 1] === "{")) {
        const end = skipRegion(w, j);
        if (end < 0) return -1;
        j = end - 1;
      } else if (w[j] === "`") {
        const end = skipRegion(w, j);
        if (end < 0) return -1;
        j = end - 1;
      } else if (w[j] === '"') return j + 1;
    }
    return -1;
  }
  if (c === "`") {
    for (let j = i + 1; j < w.length; j++) {
      if (w[j] === "\\") j++;
      else if (w[j] === "`") return j + 1;
    }
    return -1;
  }
  if (c === "$" && w[i + 1] === "'") {
    for (let j = i + 2; j < w.length; j++) {
      if (w[j] === "\\") j++;
      else if (w[j] === "'") return j + 1;
    }
    return -1;
  }
  if (c === "$" && (w[i + 1] === "(" || w[i + 1] === "{")) {
    const open = w[i + 1] as string;
    const close = open === "(" ? ")" : "}";
    let depth = 1;
    for (let j = i + 2; j < w.length; j++) {
      const d = w[j] as string;
      if (d === "\\") {
        j++;
        continue;
      }
      if (d === "'" || d === '"' || d === "`" || (d === "$" && (w[j + 1] === "(" || w[j + 1] === "{" || w[j + 1] === "'"))) {
        const end = skipRegion(w, j);
        if (end < 0) return -1;
        j = end - 1;
        continue;
      }
      if (d === open) depth++;
      else if (d === close) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  return i + 1;
}

/**
 * bash brace expansion of one word (`a{b,c}d` → `abd acd`, `{1..3}`,
 * nested), outside quotes and substitutions. Null when it would exceed the
 * alternative budget or cannot be read.
 */
export function expandBraces(w: string): string[] | null {
  // Find the first unquoted `{` with a matching `}` that holds a top-level `,` or `..`.
  for (let i = 0; i < w.length; i++) {
    const c = w[i] as string;
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "'" || c === '"' || c === "`" || (c === "$" && (w[i + 1] === "(" || w[i + 1] === "{" || w[i + 1] === "'"))) {
      const end = skipRegion(w, i);
      if (end < 0) return null;
      i = end - 1;
      continue;
    }
    if (c !== "{") continue;
    const body = braceBody(w, i);
    if (body === null) continue;
    const prefix = w.slice(0, i);
    const suffix = w.slice(body.end + 1);
    const out: string[] = [];
    for (const alt of body.alternatives) {
      const expanded = expandBraces(prefix + alt + suffix);
      if (expanded === null) return null;
      out.push(...expanded);
      if (out.length > MAX_ALTERNATIVES) return null;
    }
    return out;
  }
  return [w];
}

/**
 * The words bash passes for `w` when permc knows them exactly: a plain word
 * is itself, a brace word of plain characters its alternatives
 * (`--exclude-dir={node_modules,.git}`); anything else (an expansion, a glob
 * bash may match against file names, a tilde) is one unknown word (null).
 */
export function knownWords(w: Word): readonly (string | null)[] {
  if (w.value === null) return [null];
  if (!w.pattern) return [w.value];
  if (!/^[\w.,{}=+@%:-]+$/.test(w.raw)) return [null];
  return expandBraces(w.raw) ?? [null];
}

/** The alternatives of the brace group opening at `open`, or null when it is not a brace expansion. */
function braceBody(w: string, open: number): { alternatives: string[]; end: number } | null {
  let depth = 0;
  const commas: number[] = [];
  for (let j = open; j < w.length; j++) {
    const c = w[j] as string;
    if (c === "\\") {
      j++;
      continue;
    }
    if (c === "'" || c === '"' || c === "`" || (c === "$" && (w[j + 1] === "(" || w[j + 1] === "'"))) {
      const end = skipRegion(w, j);
      if (end < 0) return null;
      j = end - 1;
      continue;
    }
    if (c === "$" && w[j + 1] === "{") {
      const end = skipRegion(w, j);
      if (end < 0) return null;
      j = end - 1;
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}") {
      depth--;
      if (depth === 0) {
        const inner = w.slice(open + 1, j);
        if (commas.length > 0) {
          const alternatives: string[] = [];
          let from = open + 1;
          for (const k of commas) {
            alternatives.push(w.slice(from, k));
            from = k + 1;
          }
          alternatives.push(w.slice(from, j));
          return { alternatives, end: j };
        }
        const seq = sequence(inner);
        return seq === null ? null : { alternatives: seq, end: j };
      }
    } else if (c === "," && depth === 1) commas.push(j);
  }
  return null;
}

/** `{1..5}`, `{a..e}`, `{01..10..2}`. */
function sequence(inner: string): string[] | null {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(inner);
  if (m === null) return null;
  const [a, b] = [m[1] as string, m[2] as string];
  const step = Math.abs(Number(m[3] ?? 1)) || 1;
  const numeric = /^-?\d+$/.test(a) && /^-?\d+$/.test(b);
  if (!numeric && (a.length !== 1 || b.length !== 1)) return null;
  const from = numeric ? Number(a) : a.charCodeAt(0);
  const to = numeric ? Number(b) : b.charCodeAt(0);
  const count = Math.floor(Math.abs(to - from) / step) + 1;
  if (count > MAX_ALTERNATIVES) return null;
  const width = numeric && (/^-?0\d/.test(a) || /^-?0\d/.test(b)) ? Math.max(a.length, b.length) : 0;
  const out: string[] = [];
  for (let k = 0, v = from; k < count; k++, v += to >= from ? step : -step) {
    out.push(numeric ? String(v).padStart(width, "0") : String.fromCharCode(v));
  }
  return out;
}

/** Segments of one brace-free word; null when it cannot be read. */
function segmentsOf(w: string, opts: WordPatternOptions): Segment[] | null {
  const out: Segment[] = [];
  let i = 0;
  if (w.startsWith("~")) {
    const m = /^~([^/]*)/.exec(w) as RegExpExecArray;
    const user = m[1] as string;
    if (user === "" && opts.home !== null) out.push({ kind: "text", text: opts.home });
    else if (user === "+" && opts.pwd != null) out.push({ kind: "text", text: opts.pwd });
    else out.push(ANY); // `~user`, `~-`, `~+` unknown, or a reassigned HOME
    i = m[0].length;
  }
  while (i < w.length) {
    const c = w[i] as string;
    if (c === "\\") {
      const next = w[i + 1];
      if (next === undefined) out.push({ kind: "text", text: "\\" });
      else if (next !== "\n") out.push({ kind: "text", text: next });
      i += 2;
      continue;
    }
    if (c === "'") {
      const end = skipRegion(w, i);
      if (end < 0) return null;
      out.push({ kind: "text", text: w.slice(i + 1, end - 1) });
      i = end;
      continue;
    }
    if (c === "$" && w[i + 1] === "'") {
      const end = skipRegion(w, i);
      if (end < 0) return null;
      const decoded = decodeAnsiC(w.slice(i, end));
      out.push(decoded === null ? ANY : { kind: "text", text: decoded });
      i = end;
      continue;
    }
    if (c === '"') {
      const end = skipRegion(w, i);
      if (end < 0) return null;
      const inner = doubleQuoted(w.slice(i + 1, end - 1), opts);
      if (inner === null) return null;
      out.push(...inner);
      i = end;
      continue;
    }
    if (c === "$" || c === "`") {
      const expansion = parameter(w, i, opts);
      if (expansion === null) return null;
      // Unquoted: a value with a blank or a glob character is split or expanded further.
      const segment = expansion.segment;
      out.push(segment.kind === "text" && changesUnquoted(segment.text) ? ANY : segment);
      i = expansion.end;
      continue;
    }
    if (c === "*") {
      out.push(STAR);
      i++;
      continue;
    }
    if (c === "?") {
      out.push(QUESTION);
      i++;
      continue;
    }
    if (c === "[") {
      // Quoting, an expansion, a collating symbol or an equivalence class inside the brackets (`[$'\x68']`, `[[.h.]]`,
      // `[[=h=]]`: each is `h` to bash): where the set ends and what it holds are not read here, so the rest of the
      // word may be anything.
      if (bracketPermcCannotRead(w, i)) {
        out.push(ANY);
        break;
      }
      const set = bracket(w, i);
      if (set !== null) {
        out.push({ kind: "one", set: set.set });
        i = set.end;
        continue;
      }
    }
    out.push({ kind: "text", text: c });
    i++;
  }
  return compact(out);
}

/** Inside double quotes: `\\` escapes only `$`, `` ` ``, `"`, `\\` and newline; expansions are unknown. */
function doubleQuoted(s: string, opts: WordPatternOptions): Segment[] | null {
  const out: Segment[] = [];
  for (let i = 0; i < s.length; ) {
    const c = s[i] as string;
    if (c === "\\" && i + 1 < s.length && '$`"\\\n'.includes(s[i + 1] as string)) {
      if (s[i + 1] !== "\n") out.push({ kind: "text", text: s[i + 1] as string });
      i += 2;
      continue;
    }
    if (c === "$" || c === "`") {
      const expansion = parameter(s, i, opts);
      if (expansion === null) return null;
      out.push(expansion.segment);
      i = expansion.end;
      continue;
    }
    out.push({ kind: "text", text: c });
    i++;
  }
  return out;
}

/** `$NAME`, `${…}`, `$(…)`, `` `…` ``, `$((…))`: known for `$HOME`/`${HOME}`/`$PWD`, otherwise any string. */
function parameter(w: string, i: number, opts: WordPatternOptions): { segment: Segment; end: number } | null {
  if (w[i] === "`" || w[i + 1] === "(" || w[i + 1] === "{") {
    const end = skipRegion(w, i);
    if (end < 0) return null;
    const text = w.slice(i, end);
    if (opts.pwdCommand != null && PWD_SUBSTITUTION.test(text)) return { segment: { kind: "text", text: opts.pwdCommand }, end };
    if (text === "${HOME}" && opts.home !== null) return { segment: { kind: "text", text: opts.home }, end };
    if (text === "${PWD}" && opts.pwd != null) return { segment: { kind: "text", text: opts.pwd }, end };
    return { segment: ANY, end };
  }
  const m = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(w.slice(i));
  if (m === null) return { segment: { kind: "text", text: "$" }, end: i + 1 };
  const name = m[0].slice(1);
  const end = i + m[0].length;
  if (name === "HOME" && opts.home !== null) return { segment: { kind: "text", text: opts.home }, end };
  if (name === "PWD" && opts.pwd != null) return { segment: { kind: "text", text: opts.pwd }, end };
  return { segment: ANY, end };
}

/** A bracket expression `[…]`, `[!…]`, `[^…]` with ranges; classes like `[:alpha:]` widen to any character. */
function bracketPermcCannotRead(w: string, open: number): boolean {
  for (let i = open + 1; i < w.length; i++) {
    const c = w[i] as string;
    if (c === "]" && i > open + 1 && !(i === open + 2 && (w[open + 1] === "!" || w[open + 1] === "^"))) return false;
    if (c === "'" || c === '"' || c === "$" || c === "`") return true;
    if (c === "[" && (w[i + 1] === "." || w[i + 1] === "=")) return true;
    if (c === "[" && w[i + 1] === ":") {
      const close = w.indexOf(":]", i + 2);
      // `[h[:]`: no class closes, and bash reads `[` and `:` as members of the set.
      if (close < 0) return true;
      i = close + 1;
    }
  }
  return false;
}

function bracket(w: string, open: number): { set: CharSet; end: number } | null {
  let i = open + 1;
  let negated = false;
  if (w[i] === "!" || w[i] === "^") {
    negated = true;
    i++;
  }
  const ranges: Array<readonly [number, number]> = [];
  let first = true;
  for (; i < w.length; i++) {
    const c = w[i] as string;
    if (c === "]" && !first) {
      // A glob never matches `/`, even through a negated or widened set.
      const set: CharSet = { negated, ranges: negated ? [...ranges, [0x2f, 0x2f] as const] : ranges };
      return { set, end: i + 1 };
    }
    first = false;
    if (c === "[" && w[i + 1] === ":") {
      const close = w.indexOf(":]", i + 2);
      if (close < 0) return null;
      // A named class: widen to every character but `/` (stricter, never weaker).
      return widenedBracket(w, i);
    }
    let lo = c.charCodeAt(0);
    if (c === "\\" && i + 1 < w.length) {
      i++;
      lo = (w[i] as string).charCodeAt(0);
    }
    if (w[i + 1] === "-" && w[i + 2] !== undefined && w[i + 2] !== "]") {
      const hi = (w[i + 2] as string).charCodeAt(0);
      ranges.push([Math.min(lo, hi), Math.max(lo, hi)]);
      i += 2;
    } else {
      ranges.push([lo, lo]);
    }
  }
  return null;
}

/** A bracket expression with a named class, read to its `]` and widened to any character but `/`. */
function widenedBracket(w: string, from: number): { set: CharSet; end: number } | null {
  for (let i = from; i < w.length; i++) {
    if (w[i] === "[" && w[i + 1] === ":") {
      const close = w.indexOf(":]", i + 2);
      if (close < 0) return null;
      i = close + 1;
      continue;
    }
    if (w[i] === "]") return { set: NOT_SLASH, end: i + 1 };
  }
  return null;
}

/**
 * The bodies of `$(…)` and `` `…` `` written inside text bash will read
 * again as code (an arithmetic subscript, a `${x#…}` operand, a nameref
 * value): each runs when that text is evaluated.
 */
export function hiddenSubstitutions(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") {
      i++;
      continue;
    }
    const dollarParen = c === "$" && text[i + 1] === "(" && text[i + 2] !== "(";
    if (!dollarParen && c !== "`") continue;
    const end = skipRegion(text, i);
    if (end < 0) {
      out.push(text.slice(i + (c === "`" ? 1 : 2)));
      break;
    }
    out.push(text.slice(i + (c === "`" ? 1 : 2), end - 1));
    i = end - 1;
  }
  return out;
}

/**
 * A word bash's brace expansion makes words of, one of which may be an option, a `KEY=VALUE` operand or an `@FILE`
 * response file (`{-c,"rm x"}`, `i{f..f}=…`, `-{o,o}…`, `@{..,}/k`): the words are each a word of their own to the
 * program, where permc reads one. Past the expansion's cap, any. An option or key spelt out before the braces
 * (`--exclude-dir={a,b}`, `if={a,b}`) makes each word that option again, unless the word before it is an option,
 * whose value the first word may be (`rg -e --pre={,rm}`: the second word is an option of its own).
 */
export function bracesMayMakeOption(raw: string, previous: string | undefined): boolean {
  const words = expandBraces(raw);
  if (words === null) return true;
  if (words.length === 1 && words[0] === raw) return false;
  const prefix = raw.slice(0, raw.indexOf("{"));
  // `--include=*.{js,ts}`, `if={a,b}`: the option or key is spelt out before the braces. Unless the word before may
  // take this one as its value: a lone short option or a long one without `=` (`rg -e --pre={,rm}`, `awk -v x={…}`).
  const spelt = /^(?:--[\w-]+|[A-Za-z_][\w.-]*)=/.test(prefix);
  const takesNext = previous !== undefined && (/^-[A-Za-z]$/.test(previous) || /^--[\w-]+$/.test(previous));
  if (spelt && !takesNext) return false;
  // A scoped package (`@types/{node,jest}`) is no response file.
  const scoped = /^@[\w.-]+\/$/.test(prefix);
  return words.some((w) => {
    const text = w.replace(/['"\\]/g, "");
    // An expansion at a word's start may be anything (`{$'-delete',}`, `{${x:--o},f}`, `{$(echo -o),f}`).
    return /^[-$`]/.test(text) || (text.startsWith("@") && !scoped) || text.includes("=");
  });
}
