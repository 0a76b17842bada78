/**
 * The reference's token shapes: which words of a command are path tokens at
 * all (options, assignments, URLs and regular expressions are not), which
 * look external (absolute, `~/`, `..`), which are relative paths, and which
 * are bare names (paths only when they exist on disk).
 */

export type TokenShape = "reject" | "external" | "rule" | "bare";

/**
 * Characters that take part in none of the tests below but `-` first, `..`
 * and `.` first: a word of only these (most words) is shaped by those three.
 */
const PLAIN = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.,:-") PLAIN[ch.charCodeAt(0)] = 1;

/**
 * The reference's token shapes: `reject` (empty, an option, `k=v`, a URL,
 * `@x`, a regex), `external` (absolute, `~/`, `..`: it may leave cwd),
 * `rule` (relative, with a `/` or a leading `.`), or `bare` (a plain name: a
 * path only when a specific path rule asks or denies it).
 */
export function tokenShape(token: string): TokenShape {
  if (token === "" || token.startsWith("-")) return "reject";
  if (plainWord(token)) return token.includes("..") ? "external" : token.startsWith(".") ? "rule" : "bare";
  return shapeByRules(token);
}

/** The same shapes by the full rules (tokenShape's fast path must agree with this; a property test checks it). */
export function shapeByRules(token: string): TokenShape {
  if (token === "" || token.startsWith("-")) return "reject";
  const eq = token.indexOf("=");
  const slash = token.indexOf("/");
  if (eq >= 0 && (slash < 0 || eq < slash)) return "reject";
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(token)) return "reject";
  if (/^@[^/]/.test(token)) return "reject";
  if (/\.\*|\.\+|\\\||\\\(|\\\)|\^\//.test(token) || /\[[^\]]*\]/.test(token)) return "reject";
  if (token.startsWith("/") || token.startsWith("~/") || token.includes("..") || /^[A-Za-z]:[/\\]/.test(token)) return "external";
  if (token.startsWith(".") || token.includes("/")) return "rule";
  return "bare";
}

/** No `=`, `/`, `@`, `~`, `*`, `+`, `\\`, `^`, `[`, quote or non-ASCII character: no test but the three plain ones can match. */
function plainWord(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 128 || PLAIN[c] !== 1) return false;
  }
  return true;
}

/**
 * A redirect target is a file whatever it looks like (`> -x.env`, `< a=b`,
 * `< @k`, `> "a[1]"`): none of the reference's rejections apply.
 */
export function fileShape(token: string): TokenShape {
  if (token === "") return "reject";
  if (token.startsWith("/") || token.startsWith("~/") || token.includes("..")) return "external";
  return "rule";
}

/**
 * A word after `--` spelt like an option (`cat -- -a.env`): the program's
 * operand, shaped as the same word after `./` would be, and without a `/` a
 * bare name (a path when it exists: `npm test -- --watch` names none).
 */
export function operandShape(token: string): TokenShape {
  const shape = tokenShape(`./${token}`);
  return shape === "reject" || token.includes("/") ? shape : "bare";
}
