/** The paths a command's program record names (a sed script's `r` file, find's start points, tar's `-f`), as tokens or patterns. */
import { resolve as resolvePath } from "node:path";
import type { Analysis, CommandView } from "../programs/findings.js";
import { mayMatchDotDot } from "../paths/patterns.js";
import type { PathBase } from "../paths/types.js";
import { wordPattern } from "../words/word-pattern.js";
import { extractedArchive } from "./extraction-paths.js";
import type { Env } from "./state.js";
import { shellDirectory } from "./shell-directory.js";

/** Each path use of the analysis; `inGit`: where git works, for the paths of its objects. */
export function noteRecordPaths(env: Env, a: Analysis, base: PathBase, inGit: PathBase): void {
  const gitSafe = a.operandsSkipLinks;
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
      const alternatives = wordPattern(use.word.raw, { home: env.pathHome, pwd: shellDirectory(env, base) });
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
}

/** `tar -C /etc -czf x.tgz passwd`, `make -C dir`: relative operands may be read from the directory it moves to. */
export function noteChdirOperands(env: Env, a: Analysis, view: CommandView, base: PathBase): void {
  const gitSafe = a.operandsSkipLinks;
  for (const use of a.paths) {
    const dir = use.role === "chdir" ? use.word.value : null;
    if (dir === null || !base.known) continue;
    // From each directory the shell may be in (paths/uncertain-directory.ts).
    for (const from of [base, ...env.directories.of(base)]) {
      if (!from.known) continue;
      const into = resolvePath(from.dir, dir);
      for (const w of view.words.slice(1)) {
        const v = w.value;
        if (v === null || v === "" || v === dir || v.startsWith("-") || v.startsWith("/")) continue;
        env.tokens.push({ token: resolvePath(into, v), base, derived: true, ...(gitSafe ? { gitWord: true as const } : {}) });
      }
    }
  }
}
