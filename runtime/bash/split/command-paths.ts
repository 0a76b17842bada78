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
import { repositoryRoot } from "../paths/repository-root.js";
import type { PathBase } from "../paths/types.js";
import { copyDestination } from "./copy-destination.js";
import { noteExtraction } from "./extraction-paths.js";
import { noteInputReads } from "./input-reads.js";
import { ownWords } from "./own-words.js";
import { noteChdirOperands, noteRecordPaths } from "./record-paths.js";
import type { Env } from "./state.js";
import { gitWalkMarks, noteWalks } from "./walk-paths.js";

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
 * A subcommand that writes elsewhere (its record's workTree "elsewhere":
 * `git worktree add`, `git checkout-index --prefix`): any path may.
 */
function noteWorkTreeWrite(env: Env, a: Analysis, view: CommandView, base: PathBase): void {
  const own = ownWords(view);
  const at = gitBase(a, base);
  if (!at.known || a.workTreeWrite === "elsewhere") {
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
  const gitWalk = gitWalkMarks(env, a);
  noteInputReads(env, a, view, base);
  if (a.changesIndex) env.indexMayChange = true;
  // `git clone URL DIR` writes a work tree of its own under DIR (its extraction), not this one.
  if (a.workTreeWrite === "writes" || a.workTreeWrite === "elsewhere") noteWorkTreeWrite(env, a, view, base);
  // A git command that may open its words as files (`git diff --no-index`, `git hash-object`): they are reached through links too.
  if (a.operandsAreGitWords && !a.operandsSkipLinks)
    for (const w of view.words.slice(1))
      if (w.value !== null && w.value !== "" && !w.value.startsWith("-")) env.tokens.push({ token: w.value, base, derived: true });
  // `git show`, `git log -p`, `git diff`: the content of repository files the command does not name.
  const inGit = a.repositoryRead !== null || a.walksRepository || a.paths.some((use) => use.gitObject === true) ? gitBase(a, base) : base;
  if (a.repositoryRead !== null) env.tokens.push({ token: ".", base: inGit, derived: true, role: "read", repository: a.repositoryRead });
  noteRecordPaths(env, a, base, inGit);
  noteChdirOperands(env, a, view, base);
  if (a.extracts) noteExtraction(env, a, view, base);
  if (a.recursive) noteWalks(env, a, view, base, inGit, gitWalk);
  else noteListingAndCopies(env, a, view, base);
}

/** A command that walks no tree: the directory it lists, and the files it copies into a directory. */
function noteListingAndCopies(env: Env, a: Analysis, view: CommandView, base: PathBase): void {
  // `cd ~ && ls`: ls with no operand reads the directory it runs in (a recursive one walks it, walk-paths.ts).
  if (a.listsWorkingDirectory) env.tokens.push({ token: ".", base, derived: true, role: "read" });
  // `cp x /etc`, `install x ~/.ssh`: into a directory, each source lands as its own name (classify.ts checks it is one).
  const into = copyDestination(env, a, view, base, a.copiesFilesIntoLastOperand);
  for (const w of into === null ? [] : view.words.slice(1)) {
    if (w !== into?.word && w.value !== null && w.value !== "" && !w.value.startsWith("-"))
      env.tokens.push({ token: w.value, base, derived: true, role: "read", copyInto: into?.dir as string });
  }
}
