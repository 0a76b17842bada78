/**
 * find's `X -prune -o …` (`find . -name node_modules -prune -o -name '*.ts'
 * -print`): X is evaluated first for every entry, and when it holds of a
 * directory, -prune keeps find out of it; so are `X2` of a following
 * `-o X2 -prune`, and so on. This reads X when it is made only
 * of tests that hold or not by a directory's name, path and type (`-name`,
 * `-iname`, `-path`, `-ipath`, `-wholename`, `-iwholename`, `-type`,
 * `-true`, `-false`, with `!`, `-not`, `-a`, `-o` and parentheses); the walk
 * then leaves out what X surely selects (paths/prune-test.ts). Anything else
 * in X, a word permc cannot know anywhere in the expression, or an option
 * that changes when -prune acts (`-depth`, `-d`, `-delete` imply a
 * depth-first walk, where it does nothing; `-mindepth` skips the tests above
 * that depth) and nothing is pruned.
 */
import type { PruneTest } from "../findings.js";

const DISABLES_PRUNE = new Set(["-depth", "-d", "-delete", "-mindepth"]);
const GLOB_TESTS: Readonly<Record<string, { readonly kind: "name" | "path"; readonly caseFold: boolean }>> = {
  "-name": { kind: "name", caseFold: false },
  "-iname": { kind: "name", caseFold: true },
  "-path": { kind: "path", caseFold: false },
  "-wholename": { kind: "path", caseFold: false },
  "-ipath": { kind: "path", caseFold: true },
  "-iwholename": { kind: "path", caseFold: true },
};
const TYPE_LETTERS = /^[bcdpflsD](?:,[bcdpflsD])*$/;

/** X of `X -prune …` leading find's expression (the words after its starting points), or null. */
export function parsePrune(expression: readonly (string | null)[]): PruneTest | null {
  if (expression.some((w) => w === null || DISABLES_PRUNE.has(w))) return null;
  const tokens = expression as readonly string[];
  let i = 0;

  const unary = (): PruneTest | null => {
    const t = tokens[i++];
    if (t === "!" || t === "-not") {
      const inner = unary();
      return inner === null ? null : { kind: "not", test: inner };
    }
    if (t === "(") {
      const inner = or();
      if (inner === null || tokens[i++] !== ")") return null;
      return inner;
    }
    if (t === "-true" || t === "-false") return { kind: "constant", value: t === "-true" };
    const arg = tokens[i++];
    if (t === undefined || arg === undefined) return null;
    if (t === "-type") return TYPE_LETTERS.test(arg) ? { kind: "type", directory: arg.split(",").includes("d") } : null;
    const glob = Object.hasOwn(GLOB_TESTS, t) ? GLOB_TESTS[t] : undefined;
    return glob === undefined ? null : { ...glob, glob: arg };
  };

  // Juxtaposition is -a; an and-chain ends at -o, `)`, `,`, -prune or the end.
  const and = (): PruneTest | null => {
    let left = unary();
    while (left !== null && i < tokens.length && !["-o", "-or", ")", ",", "-prune"].includes(tokens[i] as string)) {
      if (tokens[i] === "-a" || tokens[i] === "-and") i++;
      const right = unary();
      left = right === null ? null : { kind: "and", left, right };
    }
    return left;
  };

  const or = (): PruneTest | null => {
    let left = and();
    while (left !== null && (tokens[i] === "-o" || tokens[i] === "-or")) {
      i++;
      const right = and();
      left = right === null ? null : { kind: "or", left, right };
    }
    return left;
  };

  // One `X -prune` term; `-prune` alone is X always true.
  const term = (): PruneTest | null => {
    const x = tokens[i] === "-prune" ? ({ kind: "constant", value: true } as const) : and();
    if (x === null || tokens[i] !== "-prune") return null;
    i++;
    return x;
  };

  // `X1 -prune -o X2 -prune -o …`: the first terms of the expression, each tried when the ones before do not hold.
  let pruned = term();
  while (pruned !== null && (tokens[i] === "-o" || tokens[i] === "-or")) {
    i++;
    const next = term();
    if (next === null) break;
    pruned = { kind: "or", left: pruned, right: next };
  }
  return pruned;
}
