/**
 * Parsing shell source into units: the command itself, and source found
 * inside it (payloads, evaluated text, reparsed backticks). Each parse
 * builds a plain command's tree directly (syntax/plain-syntax.ts) or copies
 * tree-sitter's and repairs its word splits (syntax/syntax.ts), collects
 * its path tokens and walks it. A re-parse is charged to the budgets
 * (limits.ts) and nests at most `MAX_DEPTH` deep; past a budget, or when
 * the source does not parse cleanly, it adds an unparseable unit.
 */
import { PathCollector } from "../paths/collect.js";
import type { PathBase } from "../paths/types.js";
import { trimBashBlanks } from "../syntax/blanks.js";
import { treeMisreadsText } from "../syntax/misread-tree.js";
import { plainTree } from "../syntax/plain-syntax.js";
import { bindListRedirects } from "../syntax/list-redirects.js";
import { copyTree, glueTouchingWords, reattachRedirectWords, regroupChains } from "../syntax/syntax.js";
import type { SyntaxNode } from "../syntax/syntax.js";
import type { BashParser } from "../syntax/parser.js";
import { MAX_DEPTH, MAX_SUBPARSES } from "./limits.js";
import { Mode, push, unparseableUnit, type Env } from "./state.js";
import type { BashUnit, Derivation } from "./types.js";
import { walk } from "./walk.js";

/**
 * Parse `src` and append its units. Returns the tree's hasError, or null if
 * the parser gave no tree. `mode` is Ref only for the top-level command.
 */
export function analyseSource(env: Env, src: string, ctx: string | undefined, mode: Mode, depth: number, base: PathBase): boolean | null {
  const parsed = parseSource(env, src);
  if (parsed === null) return null;
  const { root, hasError } = parsed;
  const paths = new PathCollector(src, env.pathHome, base, mode !== Mode.Ref, env.outside, env.pwdKnown, env.directories);
  paths.collect(root);
  for (const t of paths.tokens) env.tokens.push(t);
  for (const p of paths.patterns) env.patterns.push(p);
  for (const l of paths.symlinks) env.symlinks.push(l);
  for (const r of paths.madeRoots) env.madeRoots.push(r);
  walk(env, src, root, ctx, mode, depth, paths);
  return hasError;
}

/**
 * The tree of `src` as the walk reads it: built directly when the text is a
 * plain command (syntax/plain-syntax.ts, proven equal to the tree-sitter path),
 * else tree-sitter's, repaired (treeSitterSyntax).
 */
function parseSource(env: Env, src: string): { root: SyntaxNode; hasError: boolean } | null {
  const plain = env.plainFastPath ? plainTree(src) : null;
  if (plain !== null) return { root: plain, hasError: false };
  return treeSitterSyntax(env.parser, src);
}

/**
 * tree-sitter's tree of `src`, copied and repaired (syntax/syntax.ts: bash's
 * grouping of pipelines and lists, words split in two, words after a
 * redirect; syntax/list-redirects.ts: a redirect on a list's last command), with whether it has an error: one tree-sitter saw, text it
 * misread, a chain it could not regroup, words with no command to go to.
 * The plain fragment's trees are proven equal to these.
 */
export function treeSitterSyntax(parser: BashParser, src: string): { root: SyntaxNode; hasError: boolean } | null {
  const tree = parser.parse(src);
  if (tree === null) return null;
  try {
    const root = copyTree(tree);
    const misread = tree.rootNode.hasError || treeMisreadsText(root, src);
    const ungrouped = bashGroupingOf(root);
    glueTouchingWords(root);
    const lostWords = reattachRedirectWords(root);
    return { root, hasError: misread || ungrouped || lostWords };
  } finally {
    tree.delete();
  }
}

/**
 * Redirects bound to a list's last command, then pipelines and lists regrouped as bash groups them, until neither
 * changes anything: a regrouped chain may leave a list under a statement's redirect again (`a && b >x | c >y`).
 * Returns whether some chain could not be regrouped (or the rounds ran out): the tree is then not complete.
 */
function bashGroupingOf(root: SyntaxNode): boolean {
  let unsure = false;
  bindListRedirects(root);
  for (let round = 0; round < MAX_GROUPING_ROUNDS; round++) {
    unsure = regroupChains(root) || unsure;
    if (!bindListRedirects(root)) return unsure;
  }
  return true;
}

/** Rounds of bashGroupingOf: each moves a redirect onto a smaller part; past this many the text is not read. */
const MAX_GROUPING_ROUNDS = 64;

/** Parse shell source found inside a command (payload); all its units are derived. */
export function subParse(env: Env, src: string, ctx: string | undefined, depth: number, base: PathBase, derivation: Derivation): void {
  if (trimBashBlanks(src) === "") return;
  const b = env.budget;
  if (depth > MAX_DEPTH || b.parses >= MAX_SUBPARSES || b.chars + src.length > b.maxChars) {
    push(env, unparseableUnit(src, ctx));
    return;
  }
  b.parses++;
  b.chars += src.length;
  const start = env.units.length;
  const hasError = analyseSource(env, src, ctx, Mode.Derived, depth, base);
  for (let i = start; i < env.units.length; i++) {
    const u = env.units[i] as BashUnit;
    if (u.derivation === "nested") u.derivation = derivation;
  }
  if (hasError !== false) push(env, unparseableUnit(src, ctx));
}
