/**
 * What a recursive command walks: the directories it names (or the one it
 * runs in when it names none), each marked with what the walker leaves out
 * (hidden entries, links, ignored files, excluded directories and files,
 * pruned paths, a depth), and the tree a copy lands in another directory.
 */
import type { Analysis, CommandView } from "../programs/findings.js";
import { valueStarts } from "../paths/option-value.js";
import type { PathBase, RawPathToken } from "../paths/types.js";
import { wordPattern } from "../words/word-pattern.js";
import type { Word } from "../words/words.js";
import { copyDestination } from "./copy-destination.js";
import { ownWords } from "./own-words.js";
import type { Env } from "./state.js";
import { shellDirectory } from "./shell-directory.js";

/** The marks of a walk a token carries (RawPathToken's walk fields). */
type WalkMarks = Pick<
  RawPathToken,
  | "role"
  | "skipsIgnored"
  | "keepsTracked"
  | "gitWord"
  | "indexSteady"
  | "followsLinks"
  | "excludedDirectories"
  | "excludedFiles"
  | "opensOnly"
  | "skipsHidden"
  | "shownHidden"
  | "skipsLinks"
  | "trackedOnly"
  | "opensEveryFile"
  | "walkOptionsVariable"
  | "prune"
  | "maxDepth"
>;

/**
 * `git add .` reads the index before it changes it: only a git command before it matters (RawPathToken.indexSteady).
 * git opens no file through a work-tree symlink: what it walks is its words and names, not where links lead.
 * Read before the command's own changes to the index are noted.
 */
export function gitWalkMarks(env: Env, a: Analysis): WalkMarks {
  return a.honoursGitignore
    ? { skipsIgnored: true as const, keepsTracked: true as const, gitWord: true as const, ...(env.indexMayChange ? {} : { indexSteady: true as const }) }
    : {};
}

/** The walks of a recursive command; `inGit`: where git works; `gitWalk`: gitWalkMarks before the command ran. */
export function noteWalks(env: Env, a: Analysis, view: CommandView, base: PathBase, inGit: PathBase, gitWalk: WalkMarks): void {
  // `find . -name '*.md'`, `tree -L 2`: names only, no file's content; the words given meet the rules, the tree does not.
  // Not one that follows the links it meets (`find -L`, `tree -l`): where they lead is walked as before.
  if (a.listsNamesOnly && !a.followsLinks) return;
  const into = copyDestination(env, a, view, base, a.copiesTreesIntoLastOperand);
  // A copied tree keeps its symlinks (`cp -a`, `rsync -a`, `mv`): paths under the destination may not be what they seem.
  if (into !== null) {
    const copiedFrom = view.words.slice(1).flatMap((w) => (w !== into.word && w.value !== null && w.value !== "" && !w.value.startsWith("-") ? [w.value] : []));
    env.madeRoots.push({ token: into.dir, base, own: ownWords(view), copiedFrom });
  }
  const hidden = walkMarks(env, a, gitWalk);
  noteWalkedOperands(env, a, view, base, into, hidden);
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
  else if (a.walksWorkingDirectory) env.tokens.push({ token: ".", base, derived: true, tree: true, ...hidden, ...pruned(a, ".") });
}

/** What the walker leaves out of every tree it walks, and whether it follows links or opens every file. */
function walkMarks(env: Env, a: Analysis, gitWalk: WalkMarks): WalkMarks {
  // `rg key`, `fd x`, `tree`, `ls -R` leave hidden entries and symlinks alone unless told (rg also unless its configuration file may say so);
  // rg and fd also what their ignore files leave out.
  const skips = a.walkConfigurable && env.outside.ripgrepConfig ? null : a.walkSkips;
  // `git grep KEY`: the tracked files only.
  const trackedOnly = a.walksTrackedOnly;
  // `grep -r key . --exclude-dir=node_modules`: not with an old grep's GREP_OPTIONS, which may make a word the value of an option.
  // POSIXLY_CORRECT where it runs ends its options at the first operand.
  const byOptions =
    env.outside.grepOptions || a.excludedByOptions === null ? null : a.excludedByOptions[env.outside.posixlyCorrect ? "posixlyCorrect" : "usual"];
  const excluded = [...(a.excludedDirectories ?? []), ...(byOptions?.directories ?? [])];
  // `grep -r key . --exclude=.env`: the files below it whose name matches are not opened.
  const excludedFileGlobs = byOptions?.files ?? [];
  return {
    // A pure reader's walk reads (`grep -r key .`, `rg key`, `ls -R`): what it meets consults the read rules only, as its words do.
    ...(a.readsOnly ? { role: "read" as const } : {}),
    // Links the walker skips are not followed either (rg, fd, tree, `ls -R` unless told).
    ...(skips?.links !== true && !a.honoursGitignore && a.followsLinks ? { followsLinks: true as const } : {}),
    ...(excluded.length > 0 ? { excludedDirectories: excluded } : {}),
    ...(excludedFileGlobs.length > 0 ? { excludedFiles: excludedFileGlobs } : {}),
    // `shfmt -l .`, `gofmt -l .`: only the files of their kind are opened.
    ...(a.walkOpensOnly !== null ? { opensOnly: a.walkOpensOnly } : {}),
    ...(skips?.hidden === true ? { skipsHidden: true as const } : {}),
    // `rg --glob=.env KEY`: the hidden entries its globs match are walked all the same.
    ...(skips?.hidden === true && skips.shownHidden.length > 0 ? { shownHidden: skips.shownHidden } : {}),
    ...(skips?.links === true ? { skipsLinks: true as const } : {}),
    ...(skips?.ignored === true ? { skipsIgnored: true as const } : {}),
    ...(trackedOnly ? { trackedOnly: true as const } : {}),
    ...gitWalk,
    // `tar -cf o.tar .` with TAR_OPTIONS=--exclude=… where it runs: the walk may leave files out.
    ...(a.opensEveryFileWalked && (a.walkOptionsVariable === null || !env.outside.walkOptions(a.walkOptionsVariable))
      ? { opensEveryFile: true as const, ...(a.walkOptionsVariable !== null ? { walkOptionsVariable: a.walkOptionsVariable } : {}) }
      : {}),
  };
}

/** find's `X -prune` (what find prints, and -path matches, starts with the starting point as written) and `-maxdepth`. */
function pruned(a: Analysis, start: string): WalkMarks {
  return {
    ...(a.prune !== null ? { prune: { test: a.prune, start } } : {}),
    ...(a.maxDepth !== null ? { maxDepth: a.maxDepth } : {}),
  };
}

/** Each operand the command walks (`into`: the copy's destination, which is not walked). */
function noteWalkedOperands(env: Env, a: Analysis, view: CommandView, base: PathBase, into: { word: Word; dir: string } | null, hidden: WalkMarks): void {
  // An operand the analyser read exactly, or a word after `--`, is one even when spelt like an option (`grep -r x -- -x`).
  let operandsOnly = a.walkedOperands !== null;
  for (const w of a.walkedOperands ?? view.words.slice(1)) {
    if (!operandsOnly && w.value === "--") {
      operandsOnly = true;
      continue;
    }
    if (w.value === null) {
      noteUnreadOperand(env, a, w, base, into, hidden);
      continue;
    }
    if (!operandsOnly && a.walksOptionValues && w.value.startsWith("-")) {
      // What is under the directory itself (pytest empties it; an installer's `--prefix=/usr/local` names one): the
      // links there are not followed, as removing or writing a tree's entries does not reach where its links lead.
      const value = optionPathValue(w.value);
      if (value !== null) {
        const { followsLinks: _followed, ...ownEntries } = hidden;
        env.tokens.push({ token: value, base, derived: true, tree: true, ...ownEntries, skipsLinks: true });
      }
    }
    if (w.value === "" || (!operandsOnly && w.value.startsWith("-"))) continue;
    const operand = operandsOnly && w.value.startsWith("-") ? { notAnOption: true as const } : {};
    // A glob or brace operand (`grep -r key *`, `tar czf o.tgz *`) names directories that are walked too: the
    // strongest rule anything under what it may name can hit decides (the glob alone meets only their names).
    if (w.pattern && !(into !== null && w === into.word))
      env.patterns.push({
        token: `${w.raw} (walked)`,
        alternatives: wordPattern(w.raw, { home: env.pathHome, pwd: shellDirectory(env, base) }).map((alt) => [
          ...alt,
          { kind: "text", text: "/" },
          { kind: "any" },
        ]),
        base,
        kind: "unknown",
        role: hidden.role ?? "both",
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
        ...pruned(a, w.value),
        ...(into !== null ? { copyInto: into.dir } : {}),
      });
  }
}

/**
 * The value of `--name=VALUE` or `-xVALUE` (option-value.ts's first split) when it is spelt like a path (`/srv/x`,
 * `./x`), else null. bash expands no `~` after an option's `=`: `~/x` there is a directory named `~` where it runs.
 */
function optionPathValue(word: string): string | null {
  const at = valueStarts(word).find((v) => v.first)?.at;
  const value = at === undefined ? "" : word.slice(at);
  if (value.startsWith("~")) return `./${value}`;
  return value.startsWith("/") || value.startsWith(".") ? value : null;
}

/**
 * `tar cf x.tar "$PWD"`, `zip -r z "$D"/..`: a walked operand permc cannot read as a word is walked all the same.
 * Where it evaluates to one path (`$PWD` in a known directory) that directory is walked (hunt, round 1);
 * otherwise anything under what it may name counts.
 */
function noteUnreadOperand(env: Env, a: Analysis, w: Word, base: PathBase, into: { word: Word; dir: string } | null, hidden: WalkMarks): void {
  const alternatives = wordPattern(w.raw, { home: env.pathHome, pwd: shellDirectory(env, base) });
  const only = alternatives.length === 1 && alternatives[0]?.length === 1 ? alternatives[0][0] : undefined;
  if (only?.kind === "text" && only.text !== "")
    env.tokens.push({
      token: only.text,
      base,
      derived: true,
      tree: true,
      ...hidden,
      ...pruned(a, only.text),
      ...(into !== null ? { copyInto: into.dir } : {}),
    });
  else
    env.patterns.push({
      token: `${w.raw} (walked)`,
      alternatives: alternatives.map((alt) => [...alt, { kind: "text", text: "/" }, { kind: "any" }]),
      base,
      kind: "unknown",
      role: hidden.role ?? "both",
    });
}
