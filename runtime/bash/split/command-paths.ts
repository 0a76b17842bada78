/**
 * The paths one analysed command adds to the call's path tokens: the paths
 * its program record names (a sed script's `r` file, tar's `-f`), the
 * directories a recursive command walks (or the working directory when it
 * names none), the tree a copy lands in another directory, the directory an
 * extraction writes names from its data under, and the names it reads from
 * its input or a list (any path). classify.ts resolves them.
 */
import { resolve as resolvePath } from "node:path";
import type { Analysis, CommandView } from "../programs/findings.js";
import { fileUrl, unknownFileUrl } from "../programs/file-url.js";
import { ARCHIVE_FORMATS } from "../programs/knowledge/extractors.js";
import { operandsMayBePaths } from "../programs/knowledge/index.js";
import {
  COPIES_TREES_INTO_LAST_OPERAND,
  DIRECTORY_EXCLUSIONS,
  excludedDirectories,
  excludedFiles,
  FILES_INTO_LAST_OPERAND_DIRECTORY,
  followsLinks,
  LISTS_WORKING_DIRECTORY,
  listsNamesOnly,
  walkSkips,
  walksWorkingDirectory,
} from "../programs/knowledge/recursive.js";
import { opensEveryFileWalked } from "../programs/knowledge/walk-opens-files.js";
import { mayMatchDotDot } from "../paths/patterns.js";
import { repositoryRoot } from "../paths/repository-root.js";
import type { ExtractedArchive, PathBase } from "../paths/types.js";
import { knownWords, wordPattern } from "../words/word-pattern.js";
import type { Word } from "../words/words.js";
import type { Env } from "./state.js";

/**
 * `cp -r SRC… DIR`, `rsync -a SRC/ DIR`, `mv SRC DIR`: the last operand
 * receives each source's tree (classify lists it and notes the names it
 * lands as). Not with `-t DIR`, whose `write-dir` already asks the write rules
 * by prefix, nor a remote destination (`host:path`). A destination that
 * depends on an expansion may be anywhere: any path may be written.
 */
function copyDestination(env: Env, a: Analysis, view: CommandView, base: PathBase, programs: ReadonlySet<string>): { word: Word; dir: string } | null {
  if (a.name === null || !programs.has(a.name) || a.paths.some((use) => use.under === true)) return null;
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

/**
 * `unzip a.zip`, `tar xf a.tar -C DIR`, `git clone URL`, `patch -p1 < x.diff`:
 * the files land under the directory the command works in, or under the one
 * it names (`chdir`: `-C`, `-d`, `-P`; `write-dir`: `unzip -d`, the clone's
 * directory, noted already), with names from data permc does not read. Any
 * path there may be written: the write rules are asked by prefix.
 */
/**
 * The archive an extraction writes the members of, when permc may read it to
 * name them (classify.ts, archive-members.ts): one archive word with a known
 * value, not standard input, and no option after which it writes other
 * names or more (on the line, or in TAR_OPTIONS, UNZIP, UNZIPOPT where it runs).
 */
function extractedArchive(env: Env, a: Analysis): { archive?: ExtractedArchive } {
  const format = a.name !== null && Object.hasOwn(ARCHIVE_FORMATS, a.name) ? ARCHIVE_FORMATS[a.name] : undefined;
  if (!a.extracts || a.inexactMembers || env.archiveOptions || format === undefined) return {};
  const archives = a.paths.filter((use) => use.archive === true);
  const value = archives.length === 1 ? archives[0]?.word.value : null;
  return value !== undefined && value !== null && value !== "" && value !== "-" ? { archive: { file: value, format } } : {};
}

function noteExtraction(env: Env, a: Analysis, view: CommandView, base: PathBase): void {
  // An archive or a repository may hold symlinks to anywhere: paths under where it lands are not what they seem.
  // An archive permc can read names what it writes, and whether it holds links.
  const archive = extractedArchive(env, a);
  const own = ownWords(view);
  let named = false;
  for (const use of a.paths) {
    if (use.under === true) {
      named = true;
      if (use.word.value !== null) env.madeRoots.push({ token: use.word.value, base, own, ...archive });
    }
    if (use.role !== "chdir") continue;
    named = true;
    const dir = use.word.value;
    if (dir !== null && dir !== "") {
      env.tokens.push({ token: dir, base, derived: true, role: "write", writesUnder: true, ...archive });
      env.madeRoots.push({ token: dir, base, own, ...archive });
    }
    // A directory that depends on an expansion may be any: so may every path the command writes, or reaches through a link it makes.
    else {
      env.patterns.push({ token: use.word.raw, alternatives: [[{ kind: "any" }]], base, kind: "unknown", role: "write" });
      env.madeRoots.push({ token: "", base: { known: false }, own });
    }
  }
  if (!named) {
    env.tokens.push({ token: ".", base, derived: true, role: "write", writesUnder: true, ...archive });
    env.madeRoots.push({ token: ".", base, own, ...archive });
  }
}

/** A command's word values (and `--option=VALUE` values), which name what it reads and writes, not what it makes. */
function ownWords(view: CommandView): string[] {
  const out: string[] = [];
  for (const w of view.words) {
    if (w.value === null) continue;
    out.push(w.value);
    const eq = w.value.startsWith("-") ? w.value.indexOf("=") : -1;
    if (eq > 0) out.push(w.value.slice(eq + 1));
  }
  return out;
}

/**
 * Where git works: the directory the command runs in, moved by each
 * `git -C DIR` (and `--work-tree`) in turn; unknown after one that depends
 * on an expansion.
 */
function gitBase(a: Analysis, base: PathBase): PathBase {
  let b = base;
  for (const use of a.paths) {
    if (use.role !== "chdir") continue;
    const v = use.word.value;
    if (v === null || v === "" || !b.known) return { known: false };
    b = { known: true, dir: resolvePath(b.dir, v) };
  }
  return b;
}

/**
 * `git checkout BRANCH`, `git pull`, `git reset --hard`, `git stash pop`:
 * git writes tracked files from history or a remote, symlinks included
 * (a branch may hold `e -> /etc`), anywhere below the top of the work tree.
 * A path there, in the same command, may reach anywhere (`git checkout
 * evil && cat e/shadow` read /etc/shadow), except the words of git commands
 * themselves (paths/collect.ts marks them): git never follows a work-tree
 * symlink, and a git option whose value is a file it reads (`commit -F`,
 * `-C`) is a path of its own from the program knowledge, which is reached.
 * `git worktree add` and `git checkout-index --prefix` write elsewhere: any path may.
 */
function noteWorkTreeWrite(env: Env, a: Analysis, view: CommandView, base: PathBase): void {
  const own = ownWords(view);
  const at = gitBase(a, base);
  if (!at.known || a.subcommand === "worktree" || a.subcommand === "checkout-index") {
    env.madeRoots.push({ token: "", base: { known: false }, own });
    return;
  }
  env.madeRoots.push({ token: repositoryRoot(at.dir, new Map()), base, own, gitWorkTree: true });
}

/**
 * Paths the program knowledge names (a sed script's `r` file, find's start
 * points, tar's `-f`), and the directories a recursive command walks.
 */
export function notePaths(env: Env, a: Analysis, view: CommandView, base: PathBase): void {
  // `git add .` reads the index before it changes it: only a git command before it matters (RawPathToken.indexSteady).
  // git opens no file through a work-tree symlink: what it walks is its words and names, not where links lead.
  const gitWalk = a.honoursGitignore
    ? { skipsIgnored: true as const, keepsTracked: true as const, gitWord: true as const, ...(env.indexMayChange ? {} : { indexSteady: true as const }) }
    : {};
  // `ls ~/.ssh | xargs cat`, `tar -cf x.tar -T list`: the names it reads from its input or a file may name any file.
  let fromInput = a.namesUnknown;
  // A program that never opens its operands (`xargs echo`, `xargs kill`) reads no file by them.
  const opensOperands = a.name === null || operandsMayBePaths(a.name);
  for (let k = 1; k < view.words.length && !fromInput && opensOperands; k++) fromInput = view.words[k]?.fromInput === true;
  // `lynx -dump file:///etc/passwd`, `pip download file:///x`: any program may open a `file:` URL it is given.
  for (let k = 1; k < view.words.length && opensOperands; k++) {
    const w = view.words[k] as Word;
    const file = w.value !== null ? fileUrl(w.value) : null;
    if (file === "any")
      env.patterns.push({ token: `${w.raw} (a file: URL that may name any file)`, alternatives: [[{ kind: "any" }]], base, kind: "unknown", role: "read" });
    else if (file !== null) env.tokens.push({ token: file.path, base, derived: true, role: "read" });
    else if (w.value === null) {
      const unknown = unknownFileUrl(w.raw);
      if (unknown !== null && unknown !== "any")
        env.patterns.push({
          token: w.raw,
          alternatives: wordPattern(unknown.pathRaw, { home: env.pathHome, pwd: env.pwdKnown && base.known ? base.dir : null }),
          base,
          kind: "unknown",
          role: "read",
        });
    }
  }
  if (fromInput)
    env.patterns.push({ token: `${a.name ?? "the command"}: names read from its input or a list`, alternatives: [[{ kind: "any" }]], base, kind: "unknown" });
  if (a.changesIndex) env.indexMayChange = true;
  if (a.writesWorkTree && !a.writesNewWorkTree) noteWorkTreeWrite(env, a, view, base);
  // A git command that may open its words as files (`git diff --no-index`, `git hash-object`): they are reached through links too.
  const gitSafe = a.operandsSkipLinks;
  if (a.operandsAreGitWords && !gitSafe)
    for (const w of view.words.slice(1))
      if (w.value !== null && w.value !== "" && !w.value.startsWith("-")) env.tokens.push({ token: w.value, base, derived: true });
  // `git show`, `git log -p`, `git diff`: the content of repository files the command does not name.
  const inGit = a.repositoryRead !== null || a.walksRepository || a.paths.some((use) => use.gitObject === true) ? gitBase(a, base) : base;
  if (a.repositoryRead !== null) env.tokens.push({ token: ".", base: inGit, derived: true, role: "read", repository: a.repositoryRead });
  const archive = extractedArchive(env, a);
  for (const use of a.paths) {
    const v = use.word.value;
    const role = use.role === "read" || use.role === "write" ? use.role : "both";
    if (v !== null && v !== "")
      env.tokens.push({
        token: v,
        base: use.gitObject === true ? inGit : base,
        derived: true,
        // git's operands are revisions as often as paths (`git log @{u}`): the reference's shapes decide there.
        ...(!a.operandsAreGitWords ? { fromGrammar: true as const } : {}),
        role,
        ...(use.under === true ? { writesUnder: true as const, ...archive } : {}),
        ...(use.prefix === true ? { writesPrefix: true as const } : {}),
        ...(use.inRepository === true ? { inRepository: true as const } : {}),
        // A file in a revision need not exist on disk to be read (`git show HEAD:deleted.txt`).
        ...(use.gitObject === true ? { isFile: true as const } : {}),
        // Neither an object's path nor a revision or pathspec is read through a work-tree symlink.
        ...(use.gitObject === true || (use.gitOperand === true && gitSafe) ? { gitWord: true as const } : {}),
        // `dotenv -- env` reads `.env` without naming it, when it is there: a deny there asks.
        ...(use.implicit === true ? { underTree: true as const, ifExists: true as const } : {}),
        // `gcc --sysroot=DIR`: files under DIR it names itself, walked as a recursive reader's operand is.
        ...(use.walked === true ? { tree: true as const } : {}),
      });
    // A glob or braces (`make -f .e*`, `man -l {a,.env}`, `dd if={x,.env}`): the files it may name, as an operand's
    // (collect.ts), and on disk through links (classify.ts); the literal token alone meets no rule the expansion does.
    if (v === null || use.word.pattern) {
      const alternatives = wordPattern(use.word.raw, { home: env.pathHome, pwd: env.pwdKnown && base.known ? base.dir : null });
      // `of=$PWD/x`: a value permc can evaluate exactly is a token in its own right (checked through its links).
      const only = alternatives.length === 1 && alternatives[0]?.length === 1 ? alternatives[0][0] : undefined;
      if (v === null && only?.kind === "text") {
        env.tokens.push({ token: only.text, base, derived: true, ...(!a.operandsAreGitWords ? { fromGrammar: true as const } : {}), role });
        continue;
      }
      const glob = v !== null && alternatives.every((alt) => alt.every((seg) => seg.kind !== "any"));
      env.patterns.push({ token: use.word.raw, alternatives, base, kind: glob ? "glob" : "unknown", role });
      // An older bash expands `.*` to `..` too: the path may leave the directory, to anywhere.
      if (glob && alternatives.some(mayMatchDotDot))
        env.patterns.push({ token: `${use.word.raw} (\`..\` for a bash before 5.2)`, alternatives: [[{ kind: "any" }]], base, kind: "unknown", role });
    }
  }
  // `tar -C /etc -czf x.tgz passwd`, `make -C dir`: relative operands may be read from the directory it moves to.
  for (const use of a.paths) {
    const dir = use.role === "chdir" ? use.word.value : null;
    if (dir === null || !base.known) continue;
    const into = resolvePath(base.dir, dir);
    for (const w of view.words.slice(1)) {
      const v = w.value;
      if (v === null || v === "" || v === dir || v.startsWith("-") || v.startsWith("/")) continue;
      env.tokens.push({ token: resolvePath(into, v), base, derived: true, ...(gitSafe ? { gitWord: true as const } : {}) });
    }
  }
  if (a.extracts) noteExtraction(env, a, view, base);
  const values = view.words.slice(1).map((w) => w.value);
  // `cd ~ && ls`: ls with no operand reads the directory it runs in (a recursive one walks it, below).
  if (!a.recursive && a.name !== null && LISTS_WORKING_DIRECTORY.has(a.name) && walksWorkingDirectory(a.name, values))
    env.tokens.push({ token: ".", base, derived: true, role: "read" });
  if (!a.recursive) {
    // `cp x /etc`, `install x ~/.ssh`: into a directory, each source lands as its own name (classify.ts checks it is one).
    const into = copyDestination(env, a, view, base, FILES_INTO_LAST_OPERAND_DIRECTORY);
    for (const w of into === null ? [] : view.words.slice(1)) {
      if (w !== into?.word && w.value !== null && w.value !== "" && !w.value.startsWith("-"))
        env.tokens.push({ token: w.value, base, derived: true, role: "read", copyInto: into?.dir as string });
    }
    return;
  }
  // `find . -name '*.md'`, `tree -L 2`: names only, no file's content; the words given meet the rules, the tree does not.
  // Not one that follows the links it meets (`find -L`, `tree -l`): where they lead is walked as before.
  if (a.name !== null && listsNamesOnly(a.name, values) && !followsLinks(a.name, values)) return;
  const into = copyDestination(env, a, view, base, COPIES_TREES_INTO_LAST_OPERAND);
  // A copied tree keeps its symlinks (`cp -a`, `rsync -a`, `mv`): paths under the destination may not be what they seem.
  if (into !== null) {
    const copiedFrom = view.words.slice(1).flatMap((w) => (w !== into.word && w.value !== null && w.value !== "" && !w.value.startsWith("-") ? [w.value] : []));
    env.madeRoots.push({ token: into.dir, base, own: ownWords(view), copiedFrom });
  }
  // `rg key`, `fd x`, `tree`, `ls -R` leave hidden entries and symlinks alone unless told (rg also unless its configuration file may say so);
  // rg and fd also what their ignore files leave out.
  const skips = a.name === null || (a.walkConfigurable && env.ripgrepConfig) ? null : walkSkips(a.name, values);
  // `git grep KEY`: the tracked files only.
  const trackedOnly = a.walksTrackedOnly;
  // `grep -r key . --exclude-dir=node_modules`: not with an old grep's GREP_OPTIONS, which may make a word the value of an option.
  const grepLike = a.name !== null && !env.grepOptions && Object.hasOwn(DIRECTORY_EXCLUSIONS, a.name);
  const known = grepLike ? view.words.slice(1).flatMap(knownWords) : [];
  const excluded = [...(a.excludedDirectories ?? []), ...(grepLike ? excludedDirectories(a.name as string, known, env.posixlyCorrect) : [])];
  // `grep -r key . --exclude=.env`: the files below it whose name matches are not opened.
  const excludedFileGlobs = grepLike ? excludedFiles(a.name as string, known, env.posixlyCorrect) : [];
  const hidden = {
    // Links the walker skips are not followed either (rg, fd, tree, `ls -R` unless told).
    ...(skips?.links !== true && !a.honoursGitignore && (a.name === null || followsLinks(a.name, values)) ? { followsLinks: true as const } : {}),
    ...(excluded.length > 0 ? { excludedDirectories: excluded } : {}),
    ...(excludedFileGlobs.length > 0 ? { excludedFiles: excludedFileGlobs } : {}),
    ...(skips?.hidden === true ? { skipsHidden: true as const } : {}),
    ...(skips?.links === true ? { skipsLinks: true as const } : {}),
    ...(skips?.ignored === true ? { skipsIgnored: true as const } : {}),
    ...(trackedOnly ? { trackedOnly: true as const } : {}),
    ...gitWalk,
    ...(a.name !== null && opensEveryFileWalked(a.name, values) ? { opensEveryFile: true as const } : {}),
  };
  // find's `X -prune` (what find prints, and -path matches, starts with the starting point as written) and `-maxdepth`.
  const pruned = (start: string) => ({
    ...(a.prune !== null ? { prune: { test: a.prune, start } } : {}),
    ...(a.maxDepth !== null ? { maxDepth: a.maxDepth } : {}),
  });
  // An operand the analyser read exactly, or a word after `--`, is one even when spelt like an option (`grep -r x -- -x`).
  let operandsOnly = a.walkedOperands !== null;
  for (const w of a.walkedOperands ?? view.words.slice(1)) {
    if (!operandsOnly && w.value === "--") {
      operandsOnly = true;
      continue;
    }
    if (w.value === null) {
      // `tar cf x.tar "$PWD"`, `zip -r z "$D"/..`: a walked operand permc cannot read as a word is walked all the same.
      // Where it evaluates to one path (`$PWD` in a known directory) that directory is walked (hunt, round 1);
      // otherwise anything under what it may name counts.
      const alternatives = wordPattern(w.raw, { home: env.pathHome, pwd: env.pwdKnown && base.known ? base.dir : null });
      const only = alternatives.length === 1 && alternatives[0]?.length === 1 ? alternatives[0][0] : undefined;
      if (only?.kind === "text" && only.text !== "")
        env.tokens.push({
          token: only.text,
          base,
          derived: true,
          tree: true,
          ...hidden,
          ...pruned(only.text),
          ...(into !== null ? { copyInto: into.dir } : {}),
        });
      else
        env.patterns.push({
          token: `${w.raw} (walked)`,
          alternatives: alternatives.map((alt) => [...alt, { kind: "text", text: "/" }, { kind: "any" }]),
          base,
          kind: "unknown",
        });
      continue;
    }
    if (w.value === "" || (!operandsOnly && w.value.startsWith("-"))) continue;
    const operand = operandsOnly && w.value.startsWith("-") ? { notAnOption: true as const } : {};
    // A glob or brace operand (`grep -r key *`, `tar czf o.tgz *`) names directories that are walked too: the
    // strongest rule anything under what it may name can hit decides (the glob alone meets only their names).
    if (w.pattern && !(into !== null && w === into.word))
      env.patterns.push({
        token: `${w.raw} (walked)`,
        alternatives: wordPattern(w.raw, { home: env.pathHome, pwd: env.pwdKnown && base.known ? base.dir : null }).map((alt) => [
          ...alt,
          { kind: "text", text: "/" },
          { kind: "any" },
        ]),
        base,
        kind: "unknown",
      });
    // The destination is not read: what lands in it is (classify.ts, copy-into.ts).
    if (into !== null && w === into.word) env.tokens.push({ token: w.value, base, derived: true, ...operand });
    else
      env.tokens.push({
        token: w.value,
        base,
        derived: true,
        tree: true,
        ...operand,
        ...hidden,
        ...pruned(w.value),
        ...(into !== null ? { copyInto: into.dir } : {}),
      });
  }
  // `rg key`, `grep -r key`, `find -name x`, `git grep key`: no directory named, so the one it runs in is walked.
  // `git add -f -A`, `git stash --all`: the whole work tree, from the top of the repository.
  if (a.walksRepository)
    env.tokens.push({
      token: ".",
      base: inGit,
      derived: true,
      tree: true,
      inRepository: true,
      ...gitWalk,
    });
  else if (a.walksWorkingDirectory || (a.name !== null && walksWorkingDirectory(a.name, values)))
    env.tokens.push({ token: ".", base, derived: true, tree: true, ...hidden, ...pruned(".") });
}
