/**
 * Session rules: the "allow for this session" approvals a user grants while
 * an agent runs. They are not compiled (they appear after the module was
 * built), so the runtime matches them directly.
 *
 * Matching follows the compiled tables' wildcard semantics (the reference's
 * wildcards): `*` is any sequence (crossing `/`, newlines included), `?` is one
 * UTF-16 code unit, everything else is literal, the whole value must match,
 * and a trailing ` *` also matches nothing at all (`git *` matches `git`).
 *
 * The matcher never backtracks: each star-free segment is placed at its
 * leftmost fit, which is always safe for a pattern of plain stars, so a
 * check is O(value length × pattern length) however many stars there are.
 *
 * The gate consults session rules only AFTER the compiled decision, and only
 * to turn an `ask` into `allow`: a deny, a wrapper floor or an unparseable
 * floor is never lifted (the gate applies floors after this lookup).
 */

export interface SessionRule {
  readonly surface: string;
  readonly pattern: string;
}

/** What the gate needs: the pattern of a session rule that matches, or null. */
export interface SessionRuleMatcher {
  match(surface: string, value: string): string | null;
}

/** Whether `value` matches the wildcard `pattern` (reference semantics, linear segments). */
export function wildcardMatches(pattern: string, value: string): boolean {
  // Only the last ` *` is optional: `cargo * *` matches `cargo build` through `cargo *`.
  return matchStars(pattern, value) || (pattern.endsWith(" *") && matchStars(pattern.slice(0, -2), value));
}

function matchStars(pattern: string, value: string): boolean {
  const segments = pattern.split("*");
  if (segments.length === 1) return segmentAt(pattern, value, 0) && pattern.length === value.length;
  const first = segments[0]!;
  const last = segments[segments.length - 1]!;
  if (first.length + last.length > value.length) return false;
  if (!segmentAt(first, value, 0)) return false;
  if (!segmentAt(last, value, value.length - last.length)) return false;
  let at = first.length;
  const end = value.length - last.length;
  for (let i = 1; i < segments.length - 1; i++) {
    const seg = segments[i]!;
    const found = findSegment(seg, value, at, end);
    if (found < 0) return false;
    at = found + seg.length;
  }
  return true;
}

/** Does `seg` (with `?` as any one unit) match `value` starting at `at`? */
function segmentAt(seg: string, value: string, at: number): boolean {
  if (at < 0 || at + seg.length > value.length) return false;
  for (let i = 0; i < seg.length; i++) {
    const c = seg.charCodeAt(i);
    if (c !== 63 /* ? */ && c !== value.charCodeAt(at + i)) return false;
  }
  return true;
}

/** Leftmost position in [from, end - seg.length] where `seg` fits, or -1. */
function findSegment(seg: string, value: string, from: number, end: number): number {
  if (!seg.includes("?")) {
    const i = value.indexOf(seg, from);
    return i >= 0 && i + seg.length <= end ? i : -1;
  }
  for (let i = from; i + seg.length <= end; i++) if (segmentAt(seg, value, i)) return i;
  return -1;
}

/** The in-memory store of one session's approvals. Cleared at session shutdown. */
export class SessionRules implements SessionRuleMatcher {
  private readonly rules: SessionRule[] = [];

  add(surface: string, pattern: string): void {
    if (typeof surface !== "string" || typeof pattern !== "string" || surface === "" || pattern === "") return;
    if (this.rules.some((r) => r.surface === surface && r.pattern === pattern)) return;
    this.rules.push({ surface, pattern });
  }

  /** The latest matching rule wins, as session rules are appended in the reference. */
  match(surface: string, value: string): string | null {
    if (typeof surface !== "string" || typeof value !== "string") return null;
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const r = this.rules[i]!;
      if (r.surface === surface && wildcardMatches(r.pattern, value)) return r.pattern;
    }
    return null;
  }

  list(): readonly SessionRule[] {
    return this.rules.slice();
  }

  clear(): void {
    this.rules.length = 0;
  }
}
