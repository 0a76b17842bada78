/**
 * Two steps in one command (issue 11 §5): a file the command writes (a
 * redirect, `tee`, `cp`, `curl -o`) and then runs or sources
 * (`echo … > x.sh && bash x.sh`), or that a later program runs without
 * naming it (`make` its Makefile, git a hook, python a module beside its
 * script: ProgramRecord.runsImplicitly, knowledge/implicit-code.ts). permc
 * cannot see the code written, so such a run is floored. Files are matched
 * by base name only: the directory a redirect resolves against is not
 * always known at that point, and a false match only asks. A write whose
 * name permc does not know (`> "$f"`, `> *.sh`, an extraction) may be any
 * file; so may a file run whose name is not one exact word (`sed -f
 * {s.sed,x}`, `awk -f{p.awk,p.awk}`, `bash ./r?n.sh`): bash expands it to
 * names permc does not spell out, and one of them may be the file written.
 */
import { basename, dirname, isAbsolute, resolve } from "node:path";
import type { Analysis, CommandView } from "../programs/findings.js";
import { GIT_CONFIGURATION_AND_HOOKS } from "../programs/knowledge/implicit-code.js";
import { repositoryHasHooks } from "../paths/repository-hooks.js";
import type { PathBase } from "../paths/types.js";
import type { SyntaxNode } from "../syntax/syntax.js";
import { cookWord, type Word } from "../words/words.js";
import { hasDirectoryKinds, isCodeFile, isCodeFileIn } from "./code-file-names.js";
import { wordPlace } from "./link-landing.js";
import { push, type Env } from "./state.js";

/** Where a file name points, for matching a file written with one run in the same command. */
function fileKey(value: string): string {
  const trimmed = value.endsWith("/") ? value.replace(/\/+$/, "") : value;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/**
 * The base name a word names exactly, or null when it may name other files: its value depends on an expansion, it has
 * unquoted glob or brace characters, or it is a value carved out of a larger word (`-f{a,b}`, `--file=s.se?`), which
 * no longer says whether those characters were quoted.
 */
function exactKey(word: Word): string | null {
  if (word.value === null || word.pattern) return null;
  if (word.start < 0 && /[*?[{]/.test(word.value)) return null;
  return fileKey(word.value);
}

/** A redirect's write, set up before its command starts: it counts against that command's own runs too. */
const BEFORE_ANY_COMMAND = -1;

/** Files this command writes (write roles, `cp`'s destination) and the files it runs as code. */
export function noteTwoSteps(env: Env, a: Analysis, view: CommandView, text: string, ctx: string | undefined, base: PathBase): void {
  // The files a program writes while it runs are not the ones it ran at its start (`git clone` and the configuration it read).
  const by = env.twoStepCommands++;
  // In place: the files it edits, not the code it loads (gawk's `-i inplace` library).
  // `echo 'rm x' | tee build.ninja`: what a pipe feeds tee is what it writes.
  const fed = a.copiesStdin && view.stdinText !== null ? [view.stdinText] : undefined;
  for (const use of a.paths) if (use.role === "write" || (a.editsInPlace && !a.scripts.includes(use.word))) noteWrite(env, use.word, by, fed, base);
  // An extraction or a patch writes names permc may not know: any file may be written.
  if (a.extracts) env.writes.push({ name: null, insideGit: true, by });
  // So do a clone and a checkout, from the repository's history: never inside .git, where git's own configuration and hooks are.
  if (a.workTreeWrite !== null) env.writes.push({ name: null, insideGit: false, by });
  for (const kinds of a.runsImplicitly) env.executed.push({ key: kinds, text, ctx, by });
  // Its hooks, if the repository has any: where it runs, unknown after a `cd` permc cannot follow or an option that moves it (`git -C DIR`).
  const place = env.directories.placeOf(base);
  const hooksAt = place?.known === true && !a.paths.some((u) => u.role === "chdir") ? place.dir : null;
  for (const kinds of a.hooksRun) env.executed.push({ key: kinds, text, ctx, by, hooksAt });
  for (const kinds of a.readsConfiguration) env.executed.push({ key: kinds, text, ctx, by });
  for (const code of a.storedCode) env.storedCode.push({ by, code });
  // `git mv a.txt conftest.py`: every name it is given may be one it writes (the destination, or a source's name under it).
  if (a.movesNamedFiles) {
    for (const w of view.words.slice(2)) if (w.value === null || !w.value.startsWith("-")) noteWrite(env, w, by);
  }
  if (a.writesLastOperand) {
    const last = view.words[view.words.length - 1];
    if (view.words.length > 2 && last !== undefined) noteWrite(env, last, by, undefined, base);
  }
  // `cp ../o/Makefile . && make`, `scp host:Makefile . && make`, `ln ../o/Makefile && make`: a source put under a
  // directory lands as its own base name (a remote one's, after `host:` or `s3://bucket/`); a tree's contents
  // (`cp -r ../o/. .`, `rsync -a ../o/ .`, `aws s3 sync s3://b .`) as any names. The operands before the last count,
  // and a lone one (ln's link in the directory it runs in); with `-t DIR` the last is a source too, and a write into a
  // directory an option names asks already.
  // An upload (`aws s3 cp x s3://b/`, `scp x host:`) lands nothing here.
  const operands = a.copiesFilesIntoLastOperand ? view.words.slice(1).filter((w) => !w.value?.startsWith("-")) : [];
  const remote = operands.length > 1 && /^[^/]*:/.test(operands[operands.length - 1]?.value ?? "");
  if (a.copiesContentsIntoLastOperand && !remote) env.writes.push({ name: null, insideGit: true, by });
  else if (a.copiesFilesIntoLastOperand && !remote) {
    for (const w of operands.length === 1 ? operands : operands.slice(0, -1)) noteLanded(env, w, a.copiesTreesIntoLastOperand, by);
  }

  for (const w of a.scripts) noteRun(env, w, base, text, ctx, BEFORE_ANY_COMMAND);
  // A program permc does not know may run a file it is given (`terraform apply tf.plan`), or one a long option's
  // attached value names (`mytool --config=c.yml`).
  if (a.operandsMayRun) for (const w of view.words.slice(1)) noteOperandRun(env, w, base, text, ctx, by);
  const name = view.words[0];
  if (name?.value?.includes("/")) noteRun(env, name, base, text, ctx, BEFORE_ANY_COMMAND);
  const sourced = view.words[1];
  if ((a.name === "source" || a.name === ".") && sourced !== undefined) noteRun(env, sourced, base, text, ctx, BEFORE_ANY_COMMAND);
}

/**
 * A file a word names runs: its name, and through a link the name it lands on (`./tool` with `tool -> data.txt`, made
 * by an earlier call, runs what the same command wrote into data.txt).
 */
function noteRun(env: Env, w: Word, base: PathBase, text: string, ctx: string | undefined, by: number): void {
  const key = exactKey(w);
  env.executed.push({ key, text, ctx, by });
  if (key === null) return;
  const place = wordPlace(env, w, base);
  if (place === null || place.landed === place.at) return;
  env.executed.push({ key: place.landed === null ? null : fileKey(place.landed), text, ctx, by });
}

/** A word a program permc does not know is given: an operand, or a long option's attached value, may be a file it runs. */
function noteOperandRun(env: Env, w: Word, base: PathBase, text: string, ctx: string | undefined, by: number): void {
  if (w.value === null || !w.value.startsWith("-")) {
    noteRun(env, w, base, text, ctx, by);
    return;
  }
  const eq = w.value.startsWith("--") ? w.value.indexOf("=") : -1;
  if (eq < 0) return;
  const value = w.value.slice(eq + 1);
  // Carved out of a larger word: whether its glob characters were quoted is not known any more (exactKey).
  env.executed.push({ key: value === "" || /[*?[{]/.test(value) ? null : fileKey(value), text, ctx, by });
}

/** A source copied into a directory: its base name where it lands, or any name for a tree's contents. */
function noteLanded(env: Env, w: Word, trees: boolean, by: number): void {
  const v = w.value;
  // `host:dir/x.sh`, `s3://b/x.sh`, `pod:/x.sh`: the path after the host or bucket.
  const path = v === null ? null : (/^[^/]*?:(?:\/\/[^/]*)?(.*)$/.exec(v)?.[1] ?? v);
  if (path !== null && trees && /(?:^|\/)\.?$/.test(path)) env.writes.push({ name: null, insideGit: true, by });
  else if (path !== null && path !== v && exactKey(w) !== null) env.writes.push({ name: fileKey(path), insideGit: true, by });
  else noteWrite(env, w, by);
}

/** An output redirect (`>`, `>>`, `>|`, `&>`) writes its target: returned, or null for an input redirect. */
export function noteRedirectWrite(env: Env, src: string, node: SyntaxNode, base: PathBase, content?: readonly string[]): Word | null {
  let writes = false;
  for (const c of node.children) {
    if (!c.isNamed && /^(?:>|>>|>\||&>|&>>)$/.test(c.type)) writes = true;
    if (writes && c.isNamed && c.type !== "file_descriptor") {
      const word = cookWord(c, src, { home: env.home });
      noteWrite(env, word, BEFORE_ANY_COMMAND, content, base);
      return word;
    }
  }
  return null;
}

/** A file written; one whose name is not one exact word (`> "$f"`, `> *.sh`, `sort -o{a,x.sh}`) may be any file. */
function noteWrite(env: Env, word: Word, by: number, content?: readonly string[], base?: PathBase): void {
  const name = exactKey(word);
  const fed = content !== undefined && content.length > 0 ? content : undefined;
  env.writes.push({
    name,
    insideGit: true,
    by,
    content: fed,
    // Where it lands, by reference (the word's value and its base): the directory's name is found only if asked.
    written: name !== null && base !== undefined ? { value: word.value as string, base } : undefined,
  });
  if (name === null || base === undefined) return;
  // Through a link, the file written is the one the link names (`notes.txt -> Makefile`, made by an earlier call):
  // that name too, or any file where the command makes links permc cannot see.
  const place = wordPlace(env, word, base);
  if (place === null || place.landed === place.at) return;
  const landed = place.landed;
  env.writes.push(
    landed === null
      ? { name: null, insideGit: true, by, content: fed }
      : { name: fileKey(landed), insideGit: true, by, content: fed, written: { value: landed, base } },
  );
}

/** The name of the directory a write lands in, when permc can tell (asked only by a `DIR/GLOB` kind: code-file-names.ts). */
function writtenDirectory(w: Env["writes"][number]): string | null {
  const written = w.written;
  if (written === undefined) return null;
  const { value, base } = written;
  if (!isAbsolute(value) && !base.known) return null;
  return basename(dirname(resolve(base.known ? base.dir : "/", value)));
}

type RunKey = Env["executed"][number]["key"];

/** A write may be of the file a run of `key` runs (by a repository's hooks: `hooks`). */
function hits(w: Env["writes"][number], key: RunKey, hooks: boolean): boolean {
  // A write of unknown names reaches git's own files unless it is a checkout's (which writes the work tree only). Nor
  // is a checkout's code one its hooks run after it: it is the repository's own, as the hooks are (`git pull && git
  // push` with a pre-push hook; docs/closed-world.md, what is still outside the model).
  if (w.name === null) return w.insideGit || (key !== GIT_CONFIGURATION_AND_HOOKS && !hooks);
  if (key === null) return true;
  if (typeof key === "string") return w.name === key;
  return isCodeFile(key, w.name) || (hasDirectoryKinds(key) && isCodeFileIn(key, w.name, writtenDirectory(w)));
}

/**
 * The text of a written file a later program runs, where the command shows it (`echo 'rm x' > ~/.selected_editor`,
 * `printf 'rule r\n command = rm x\n' > build.ninja`): judged as shell source, each line and each line's value after
 * a `KEY =`, `KEY:` or `KEY ` (a build rule's command, a configuration's program: `pinentry-program /usr/bin/rm`). Only adds what may be stricter: the run
 * stays floored whatever the text.
 */
function judgeWritten(env: Env, text: string, ctx: string | undefined, judged: Set<string>): void {
  const pieces = [text];
  for (const line of text.split("\n")) {
    pieces.push(line);
    const value = /^\s*[\w.-]+(?:\s*[=:]\s*|\s+)(.+)$/.exec(line)?.[1];
    if (value !== undefined) pieces.push(value);
  }
  for (const piece of pieces) {
    if (piece.trim() === "" || judged.has(piece)) continue;
    judged.add(piece);
    env.reparse(env, piece, ctx, 1, { known: false }, "two-step");
  }
}

/**
 * The commands whose writes a run of `key` may be of (at most two distinct: past one, some other command's write is
 * there): named exactly, of a kind it runs implicitly, or any file. Computed once per key: a long chain of commands
 * permc does not know, each writing a file, would otherwise match every write against every run.
 */
function writersOf(env: Env, key: RunKey, hooks: boolean, cache: Map<RunKey, readonly number[]>): readonly number[] {
  let found = cache.get(key);
  if (found === undefined) {
    const writers: number[] = [];
    for (const w of env.writes) {
      if (writers.length === 2) break;
      if (writers.includes(w.by)) continue;
      if (hits(w, key, hooks)) writers.push(w.by);
    }
    found = writers;
    cache.set(key, found);
  }
  return found;
}

/**
 * Whether the repository `dir` is in has hooks (any, when `dir` is unknown), probed once per directory, and in at most
 * MAX_HOOK_PROBES directories a command: past them (a hostile chain of `cd dN && git …`), any repository has hooks.
 */
function hasHooks(env: Env, dir: string | null, hooked: Map<string | null, boolean>): boolean {
  let found = hooked.get(dir);
  if (found === undefined) {
    found = dir === null || hooked.size >= MAX_HOOK_PROBES || repositoryHasHooks(dir, env.outside.gitSurroundings(env.home));
    hooked.set(dir, found);
  }
  return found;
}

/** Directories a command's git runs are probed in for hooks (each probe reads a few files; limits.ts keeps a split linear). */
const MAX_HOOK_PROBES = 16;

/** After the walk: a floored unit for every run of a file the same command writes (or may: `tar xf a.tar && ./run.sh`). */
export function floorTwoSteps(env: Env): void {
  if (env.writes.length === 0) return;
  // Hooks' runs apart: their kinds may be another run's too (ANY_CODE), matched differently (hits).
  const caches = { runs: new Map<RunKey, readonly number[]>(), hooks: new Map<RunKey, readonly number[]>() };
  const judged = new Set<string>();
  const hooked = new Map<string | null, boolean>();
  for (const run of env.executed.slice()) {
    const hooks = run.hooksAt !== undefined;
    const writers = writersOf(env, run.key, hooks, hooks ? caches.hooks : caches.runs).filter((by) => by !== run.by || by === BEFORE_ANY_COMMAND);
    if (writers.length === 0) continue;
    if (hooks && !hasHooks(env, run.hooksAt ?? null, hooked)) continue;
    for (const w of env.writes)
      if (w.content !== undefined && writers.includes(w.by) && hits(w, run.key, hooks)) for (const t of w.content) judgeWritten(env, t, run.ctx, judged);
    // What the writer stored is known (`npm pkg set scripts.x='rm x' && npm run x`): judged as the code it is, once.
    for (const s of env.storedCode) {
      if (!writers.includes(s.by) || judged.has(s.code)) continue;
      judged.add(s.code);
      env.reparse(env, s.code, run.ctx, 1, { known: false }, "two-step");
    }
    push(env, {
      text: run.text,
      context: run.ctx,
      derived: true,
      derivation: "two-step",
      floor: { kind: "opaque", reason: "it runs a file the same command writes, whose code permc cannot see" },
    });
  }
}
