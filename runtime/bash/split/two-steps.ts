/**
 * Two steps in one command (issue 11 §5): a file the command writes (a
 * redirect, `tee`, `cp`, `curl -o`) and then runs or sources
 * (`echo … > x.sh && bash x.sh`). permc cannot see the code written, so
 * such a run is floored. Files are matched by base name only: the
 * directory a redirect resolves against is not always known at that point,
 * and a false match only asks.
 */
import type { Analysis, CommandView } from "../programs/findings.js";
import { GIT_WORK_TREE_WRITERS } from "../programs/knowledge/git.js";
import { WRITES_LAST_OPERAND } from "../programs/knowledge/recursive.js";
import type { SyntaxNode } from "../syntax.js";
import { cookWord } from "../words.js";
import { push, type Env } from "./state.js";

/** Where a file name points, for matching a file written with one run in the same command. */
function fileKey(value: string): string {
  const trimmed = value.endsWith("/") ? value.replace(/\/+$/, "") : value;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** Files this command writes (write roles, `cp`'s destination) and the files it runs as code. */
export function noteTwoSteps(env: Env, a: Analysis, view: CommandView, text: string, ctx: string | undefined): void {
  for (const use of a.paths) if ((use.role === "write" || a.editsInPlace) && use.word.value !== null) env.written.add(fileKey(use.word.value));
  // An extraction, a patch, a clone or a checkout writes names permc may not know: any file may be written.
  if (a.extracts || (a.name === "git" && a.subcommand !== null && GIT_WORK_TREE_WRITERS.has(a.subcommand))) env.writesAnyFile = true;
  for (const name of a.runsImplicitly) env.executed.push({ key: name, text, ctx });
  if (a.name !== null && WRITES_LAST_OPERAND.has(a.name)) {
    const last = view.words[view.words.length - 1];
    if (view.words.length > 2 && last?.value != null) env.written.add(fileKey(last.value));
  }
  for (const w of a.scripts) if (w.value !== null) env.executed.push({ key: fileKey(w.value), text, ctx });
  const name = view.words[0]?.value;
  if (name?.includes("/")) env.executed.push({ key: fileKey(name), text, ctx });
  const sourced = view.words[1]?.value;
  if ((a.name === "source" || a.name === ".") && sourced != null) env.executed.push({ key: fileKey(sourced), text, ctx });
}

/** An output redirect (`>`, `>>`, `>|`, `&>`) writes its target. */
export function noteRedirectWrite(env: Env, src: string, node: SyntaxNode): void {
  let writes = false;
  for (const c of node.children) {
    if (!c.isNamed && /^(?:>|>>|>\||&>|&>>)$/.test(c.type)) writes = true;
    if (writes && c.isNamed && c.type !== "file_descriptor") {
      const v = cookWord(c, src, { home: env.home }).value;
      if (v !== null) env.written.add(fileKey(v));
      return;
    }
  }
}

/** After the walk: a floored unit for every run of a file the same command writes (or may: `tar xf a.tar && ./run.sh`). */
export function floorTwoSteps(env: Env): void {
  for (const run of env.executed) {
    if (!env.written.has(run.key) && !env.writesAnyFile) continue;
    push(env, {
      text: run.text,
      context: run.ctx,
      derived: true,
      derivation: "two-step",
      floor: { kind: "opaque", reason: "it runs a file the same command writes, whose code permc cannot see" },
    });
  }
}
