/**
 * The control operators of the plain fragment (plain-syntax.ts): `;` and `&`
 * end a statement, `&&` and `||` join pipelines, `|` and `|&` pipe commands.
 * Whatever else starts with one of their characters (`;;`, `;&`, `&>`,
 * `&&>`, `&&&`) is not one of them.
 */
import type { PlainCursor } from "./plain-cursor.js";

const SEMICOLON = 0x3b;
const AMPERSAND = 0x26;
const BAR = 0x7c;
const GREATER = 0x3e;

export type PlainOperator = "&&" | "||" | "|" | "|&" | ";" | "&";

/** The operator at `at`, if it is one of the fragment's (`;;`, `&>`, `|&&` and the like are not). */
export function operatorAt(cur: PlainCursor, at: number): PlainOperator | null {
  const c = cur.code(at);
  const d = cur.code(at + 1);
  if (c === SEMICOLON) return d === SEMICOLON || d === AMPERSAND ? null : ";"; // `;;`, `;&` are case terminators
  if (c === AMPERSAND) {
    if (d !== AMPERSAND) return d === GREATER ? null : "&";
    const e = cur.code(at + 2);
    return e !== AMPERSAND && e !== GREATER ? "&&" : null;
  }
  if (c === BAR) {
    if (d === BAR) return "||";
    if (d === AMPERSAND) return "|&";
    return "|";
  }
  return null;
}
