// Whether two wildcard patterns can match a common value: decides when page order and the
// JSON-compatible rule order may disagree about a decision.

/** Above this many (i, j) pairs the check gives up and answers "may overlap" (the safe side). */
const MAX_PAIRS = 1_000_000;

/**
 * Over-approximates: true whenever some value might match both patterns.
 * Patterns that expand `~`/`$HOME`/`${HOME}` (known only at compile time) always may;
 * letters compare case-folded and `/` equals `\`, so win32 folding is covered.
 */
export function mayOverlap(a: string, b: string): boolean {
  if (expandsHome(a) || expandsHome(b)) return true;
  for (const x of variants(a)) for (const y of variants(b)) if (intersect(x, y)) return true;
  return false;
}

/** The trailing-space rule: `git *` also matches `git`. */
function variants(p: string): string[] {
  return p.endsWith(" *") ? [p, p.slice(0, -2)] : [p];
}

function expandsHome(p: string): boolean {
  return p.startsWith("~") || p.startsWith("$HOME") || p.startsWith("${HOME}");
}

function sameUnit(x: string, y: string): boolean {
  if (x === "?" || y === "?") return true;
  const fold = (c: string) => (c === "\\" ? "/" : c.toLowerCase());
  if (x.charCodeAt(0) > 0x7f || y.charCodeAt(0) > 0x7f) return true;
  return fold(x) === fold(y);
}

/** Do the languages of two `*`/`?` globs intersect? Dynamic programming over positions. */
function intersect(p: string, q: string): boolean {
  if ((p.length + 1) * (q.length + 1) > MAX_PAIRS) return true;
  const seen = new Uint8Array((p.length + 1) * (q.length + 1));
  const stack: [number, number][] = [[0, 0]];
  const push = (i: number, j: number) => {
    const k = i * (q.length + 1) + j;
    if (!seen[k]) {
      seen[k] = 1;
      stack.push([i, j]);
    }
  };
  seen[0] = 1;
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    if (i === p.length && j === q.length) return true;
    const pc = p[i];
    const qc = q[j];
    if (pc === "*") {
      push(i + 1, j); // the star matches nothing more
      if (qc !== undefined) push(i, j + 1); // the star absorbs what q's next item matches
    }
    if (qc === "*") {
      push(i, j + 1);
      if (pc !== undefined) push(i + 1, j);
    }
    if (pc !== undefined && qc !== undefined && pc !== "*" && qc !== "*" && sameUnit(pc, qc)) push(i + 1, j + 1);
  }
  return false;
}
