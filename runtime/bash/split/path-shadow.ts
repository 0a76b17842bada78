/**
 * A program put on PATH by the same command (issue 35): bash finds a bare
 * command name through PATH when the command runs it, so `cp /usr/bin/rm
 * ~/.local/bin/ls; ls victim` runs rm. A command that writes, copies,
 * links, moves or makes executable a file in a directory on PATH (the PATH
 * of the environment the command runs in) makes each bare name it may be
 * run by a program permc cannot see: that unit is floored, and judged again
 * as what was put there where permc can tell — the program copied
 * (`rm victim`), or the text echoed into it (`echo 'rm victim' > …/ls`).
 * Every other program the command runs is floored too: it may find the file
 * by a name of its own (a script's `#!/usr/bin/env node`, a pager).
 * Order is not followed (a loop may run a later write first), as
 * two-steps.ts does; a write whose name or directory permc does not know
 * may be any name on PATH.
 */
import { basename } from "node:path";
import type { Analysis, CommandView } from "../programs/findings.js";
import { RECORD_NAMES } from "../programs/knowledge/record-names.js";
import type { PathBase } from "../paths/types.js";
import type { Word } from "../words/words.js";
import { wordPlace, writePlace, type WritePlace } from "./link-landing.js";
import { noteLoaderWrite } from "./loader-writes.js";
import { push, type Env, type PathWrite } from "./state.js";

/** Names bash runs without a PATH search: its builtins (and the words that run another command, judged as that one). */
const NOT_SEARCHED: ReadonlySet<string> = new Set([...RECORD_NAMES.builtins, "cd", "pushd", "popd", "exit", "command", "builtin", "exec", "unset"]);
/** At most this many programs a written file may be copied from, per write (more only adds units that say the same). */
const MAX_SOURCES = 8;

/** The name a write puts on PATH: its base name, null for any name, undefined when it lands elsewhere. */
function nameOnPath(env: Env, place: WritePlace | null): string | null | undefined {
  if (env.outside.pathDirs.length === 0) return undefined;
  if (place === null) return null;
  const spelt = placeOnPath(env.outside.pathDirs, place.at);
  if (spelt !== undefined) return spelt;
  // Where it lands through a link (`b -> ~/.local/bin`, `cp /usr/bin/rm b/ls`): anywhere, or that place on PATH.
  const { at, landed } = place;
  if (landed === null) return null;
  if (landed === at) return undefined;
  const onPath = placeOnPath(env.outside.pathDirs, landed);
  // A link crossed: a directory on PATH may be a link too (its real path is asked only now).
  return onPath !== undefined
    ? onPath
    : placeOnPath(
        env.outside.pathDirs.map((d) => env.canonical(d)),
        landed,
      );
}

/** `at` is a directory on PATH (null: a write into it, under names permc does not follow), in one (its name), or neither. */
function placeOnPath(dirs: readonly string[], at: string): string | null | undefined {
  if (dirs.includes(at)) return null;
  const cut = at.lastIndexOf("/");
  return dirs.includes(cut === 0 ? "/" : at.slice(0, cut)) ? at.slice(cut + 1) : undefined;
}

/** `echo …`, `printf …` and the text a pipe feeds (`… | tee F`): what a command writes, as shell source may read it. */
function scriptsOf(a: Analysis, view: CommandView): string[] {
  const out: string[] = [];
  if (view.stdinText !== null) out.push(view.stdinText);
  // What a printer writes into a file is the text it prints (`echo 'rm x' > …/ls`).
  if (a.printedText !== null) out.push(a.printedText);
  return out.flatMap(escapedVariants);
}

/** printf and `echo -e` read backslash escapes: the file may hold the text they stand for (a newline ends a command). */
export function escapedVariants(text: string): string[] {
  const escaped = text.replace(/\\n/g, "\n").replace(/\\t/g, "\t").replace(/\\\\/g, "\\");
  return escaped === text ? [text] : [text, escaped];
}

/** Base names of the words a written file may be a copy of: every operand, and a `KEY=` word's value (`dd if=…`). */
function sourcesOf(view: CommandView, target: Word | undefined): string[] {
  const values: string[] = [];
  for (const w of view.words.slice(1)) if (w !== target && w.value !== null && !w.value.startsWith("-")) values.push(w.value);
  return copiedNames(values);
}

/** The program names operand values may copy: each one's base name, a `KEY=` word's value's (`dd if=/usr/bin/rm`). */
export function copiedNames(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const name = basename(value.replace(/^[A-Za-z_][\w-]*=/, ""));
    if (name !== "" && !out.includes(name)) out.push(name);
    if (out.length === MAX_SOURCES) break;
  }
  return out;
}

/** A chmod mode that may make a file executable (`+x`, `u=rwx`, `755`, one permc cannot read); `644`, `go-w` do not. */
function addsExecute(w: Word): boolean {
  const v = w.value;
  if (v === null || v.startsWith("--reference")) return true;
  if (/^[0-7]{3,4}$/.test(v)) return /[1357]/.test(v.slice(-3));
  return /^[ugoa]*[+=][rwxXst]*[xX]/.test(v) || /,/.test(v);
}

/** Note what one command writes on PATH, and the bare name it is run by. */
export function notePathShadow(env: Env, a: Analysis, view: CommandView, text: string, ctx: string | undefined, base: PathBase): void {
  const by = env.twoStepCommands;
  const targets: Word[] = [];
  // chmod changes a mode, not what a file holds: only a mode that makes it executable counts (below).
  if (!a.makesExecutable) for (const use of a.paths) if (use.role === "write" || use.under === true) targets.push(use.word);
  const last = view.words[view.words.length - 1];
  if (a.writesLastOperand && view.words.length > 2 && last !== undefined) targets.push(last);
  if (a.makesExecutable) {
    // The mode is chmod's first word that is no option (`--reference=F` copies one: any).
    const mode = view.words.slice(1).find((w) => w.value === null || !w.value.startsWith("--") || w.value.startsWith("--reference"));
    if (mode !== undefined && addsExecute(mode)) for (const w of view.words.slice(1)) if (w.value === null || !w.value.startsWith("-")) targets.push(w);
  }
  // An extraction writes the names its archive holds, into `-C DIR`, `-d DIR` or where it runs: any name there.
  if (a.extracts) {
    const into = a.paths.filter((u) => u.role === "chdir" || u.under === true).map((u) => u.word.value);
    for (const dir of into.length > 0 ? into : ["."]) {
      // Into a directory on PATH (or one permc cannot tell): any name there. The links it makes are under it.
      const place = writePlace(env, dir, base, false);
      if (nameOnPath(env, place) === null) env.pathWrites.push({ name: null, by, sources: [], scripts: [] });
      noteLoaderWrite(env, dir, place, by, true);
    }
  }
  for (const target of targets) {
    const place = wordPlace(env, target, base);
    // A copy into a directory (`cp x /etc/`) writes under the source's name, or any name for a tree.
    noteLoaderWrite(env, target.value, place, by, a.writesLastOperand && target === last);
    const name = nameOnPath(env, place);
    if (name === undefined) continue;
    env.pathWrites.push({ name, by, sources: sourcesOf(view, target), scripts: scriptsOf(a, view) });
  }
  // A program that runs code its words do not name (a package script, a recipe, a plugin) runs what that code names
  // through PATH: `npm run build` ran node_modules/.bin/sh, which the same command had written (the start-up files discovery).
  if (a.runsImplicitly.length > 0) env.pathRuns.push({ name: null, args: [], text, ctx, by, base });
  const first = view.words[0]?.value;
  if (first === undefined || first === null || NOT_SEARCHED.has(first)) return;
  // A program run by its path is found without PATH, and may still find others through it (its `#!/usr/bin/env node`).
  env.pathRuns.push({ name: first, args: view.words.slice(1), text, ctx, by, base });
}

/** A redirect's target on PATH (`echo 'rm x' > ~/.local/bin/ls`), with what its command prints or copies, when known. */
export function noteRedirectOnPath(
  env: Env,
  target: Word,
  base: PathBase,
  written: { readonly scripts: readonly string[]; readonly sources: readonly string[] } | undefined,
): void {
  // `2> >(tee err.log)`: a pipe to a process substitution is no file (its own command's writes are noted as its own).
  if (/^[<>]\(/.test(target.raw)) return;
  const place = wordPlace(env, target, base);
  noteLoaderWrite(env, target.value, place, -1);
  const name = nameOnPath(env, place);
  if (name !== undefined) env.pathWrites.push({ name, by: -1, sources: written?.sources ?? [], scripts: written?.scripts ?? [] });
}

/**
 * After the walk: every program the command runs may run a file the same
 * command puts on PATH, and is floored. One run by the name written (or a
 * write or run whose name permc does not know) is judged as that file too.
 * A program run by another name may find it all the same: a script's
 * `#!/usr/bin/env node` line, a pager or a helper it runs by name (`cp
 * /usr/bin/rm ~/.local/bin/node; tsc victim`, with tsc a node script on
 * PATH, removed the victim).
 */
export function floorPathShadows(env: Env): void {
  if (env.pathWrites.length === 0) return;
  // Snapshots: the text judged again is walked too, and notes runs and writes of its own.
  const all = new WritesOnPath(env.pathWrites.slice());
  // The text each write holds is judged once per place a run stands (its context and directory): many runs of a command
  // that writes many files (200 `ln -s` and writes under the links) would otherwise judge the same text once per pair.
  const judgedAt = new Map<string, Set<PathWrite>>();
  for (const run of env.pathRuns.slice()) {
    if (all.countBefore(run.by, undefined) === 0) continue;
    // A run by its path (`./tool`, `/usr/bin/tsc`) is no search of PATH for its own name.
    const searched = run.name === null || !run.name.includes("/");
    if (!searched || all.countBefore(run.by, run.name) === 0) {
      const names = [...new Set(all.writes.filter((w) => all.before(w, run.by)).map((w) => w.name ?? "programs"))].join(", ");
      push(env, {
        text: run.text,
        context: run.ctx,
        derived: true,
        derivation: "two-step",
        floor: { kind: "opaque", reason: `${run.name} may run ${names}, which the same command puts on PATH, by name` },
      });
      continue;
    }
    const found = run.name === null ? "the programs this one runs" : run.name;
    push(env, {
      text: run.text,
      context: run.ctx,
      derived: true,
      derivation: "two-step",
      floor: { kind: "opaque", reason: `bash finds ${found} on PATH, where the same command puts a program permc cannot see` },
    });
    const args = run.args.map((w) => w.raw).join(" ");
    const where = `${run.ctx ?? ""}\0${run.base.known ? run.base.dir : "?"}`;
    let judged = judgedAt.get(where);
    if (judged === undefined) judgedAt.set(where, (judged = new Set()));
    const sources = new Set<string>();
    // Only writes that name a program or hold text add units: the others (a log `tee` may write anywhere) were counted.
    for (const w of all.telling) {
      if (!all.before(w, run.by) || !(w.name === null || run.name === null || w.name === run.name)) continue;
      // A program a write may be a copy of runs with this run's arguments: once each, however many writes may copy it.
      for (const source of w.sources) {
        if (sources.has(source)) continue;
        sources.add(source);
        push(env, { text: args === "" ? source : `${source} ${args}`, context: run.ctx, derived: true, derivation: "two-step" });
      }
      // What was written runs as itself, whatever the run's arguments: judged once where it may run.
      if (w.scripts.length === 0 || judged.has(w)) continue;
      judged.add(w);
      for (const script of w.scripts) env.reparse(env, script, run.ctx, 1, run.base, "two-step");
    }
  }
}

/**
 * The writes on PATH, counted by the command that makes them and the name they put there, so that each run asks
 * how many it may find in constant time: a chain of N commands that each run a program and write a log permc cannot
 * place is N runs over N writes, which filtering the whole list for every run made quadratic.
 */
class WritesOnPath {
  /** The writes that add units for a run that may find them: a program they may copy, or text they hold. */
  readonly telling: readonly PathWrite[];
  private readonly counts = new Map<string, number>();

  constructor(readonly writes: readonly PathWrite[]) {
    this.telling = writes.filter((w) => w.sources.length > 0 || w.scripts.length > 0);
    for (const w of writes)
      for (const key of [countKey(undefined, undefined), countKey(w.by, undefined), countKey(undefined, w.name), countKey(w.by, w.name)])
        this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** A write another command made (a redirect's is before every run, its own command's included). */
  before(w: PathWrite, by: number): boolean {
    return w.by !== by || w.by === -1;
  }

  /** How many writes before a run of command `by` put `name` on PATH (any name for null, every write for undefined). */
  countBefore(by: number, name: string | null | undefined): number {
    const count = (b: number | undefined, n: string | null | undefined): number => this.counts.get(countKey(b, n)) ?? 0;
    // The run's own command's writes are not before it, but a redirect's (by -1) are.
    const own = (n: string | null | undefined): number => (by === -1 ? 0 : count(by, n));
    if (name === undefined || name === null) return count(undefined, undefined) - own(undefined);
    return count(undefined, null) - own(null) + count(undefined, name) - own(name);
  }
}

/** One key per (command, name) pair counted: undefined counts every command or name, null the writes of any name. */
function countKey(by: number | undefined, name: string | null | undefined): string {
  return `${by === undefined ? "*" : by}\0${name === undefined ? "*" : name === null ? "\u0001" : `=${name}`}`;
}
