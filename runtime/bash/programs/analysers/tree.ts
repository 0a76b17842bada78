/**
 * tree's walk: its directory operands (none: the working directory), `-L N`
 * levels deep, without the directories an `-I` pattern names. tree matches
 * `-I PAT|PAT…` against each entry's name; the alternatives of `*`, `?` and
 * plain characters are read (paths/name-glob.ts), others leave nothing out.
 * With `--du` (sizes of whole trees), `--prune` (empty directories found by
 * looking further down) or `--fromfile` (operands are listings, not
 * directories) the depth is not read. Real tree is the oracle
 * (test/bash/programs/tree-walk.test.ts).
 */
import type { Word } from "../../words/words.js";
import type { Findings } from "../findings.js";
import type { ParsedArguments } from "../parse-options.js";

const READS_DEEPER = new Set(["du", "prune", "fromfile"]);

export function tree(f: Findings, words: readonly Word[], _from: number, args: ParsedArguments): void {
  const fromFile = args.options.some((o) => o.name === "fromfile");
  f.walkedOperands = fromFile ? [] : args.operands.map((i) => words[i] as Word);
  const levels = args.options.filter((o) => o.name === "L").map((o) => o.value);
  if (levels.length > 0 && !args.options.some((o) => READS_DEEPER.has(o.name)) && levels.every((v) => v !== null && /^\d{1,6}$/.test(v))) {
    // tree takes the last -L; the deepest is at least as deep.
    f.maxDepth = Math.max(...levels.map(Number));
  }
  const excluded = args.options.flatMap((o) => (o.name === "I" && o.value !== null ? o.value.split("|") : []));
  if (excluded.length > 0) f.excludedDirectories = excluded;
}
