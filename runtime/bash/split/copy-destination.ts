/** The directory a copy lands its sources in: the last operand, when permc can name it. */
import type { Analysis, CommandView } from "../programs/findings.js";
import type { PathBase } from "../paths/types.js";
import type { Word } from "../words/words.js";
import type { Env } from "./state.js";

/**
 * `cp -r SRC… DIR`, `rsync -a SRC/ DIR`, `mv SRC DIR`: the last operand
 * receives each source's tree (classify lists it and notes the names it
 * lands as), for a program that copies so (`copiesInto`: the Analysis's
 * copiesTreesIntoLastOperand or copiesFilesIntoLastOperand). Not with `-t DIR`, whose `write-dir` already asks the write rules
 * by prefix, nor a remote destination (`host:path`). A destination that
 * depends on an expansion may be anywhere: any path may be written.
 */
export function copyDestination(env: Env, a: Analysis, view: CommandView, base: PathBase, copiesInto: boolean): { word: Word; dir: string } | null {
  if (!copiesInto || a.paths.some((use) => use.under === true)) return null;
  const word = view.words[view.words.length - 1];
  if (word === undefined || view.words.length < 3) return null;
  const dir = word.value;
  // A destination that depends on an expansion, or one bash expands first (`cp x s*k`, `mv x {a,sshlink}`: a link to
  // ~/.ssh, a directory an earlier command makes, several words of which the last receives the rest), may be anywhere.
  if (dir === null || word.pattern) {
    env.patterns.push({
      token: dir === null ? word.raw : `${word.raw} (what it expands to, written under)`,
      alternatives: [[{ kind: "any" }]],
      base,
      kind: "unknown",
      role: "write",
    });
    return null;
  }
  if (dir === "" || dir.startsWith("-") || /^[^/]*:/.test(dir)) return null;
  return { word, dir };
}
