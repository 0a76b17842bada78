/**
 * Path tokens in a bash command, for the bash `path` and
 * `external_directory` gates.
 *
 * Collection follows the reference: arguments of simple commands (not the
 * name, not env prefixes), file redirect targets, a `cd`-aware base
 * directory, and pattern-first commands (grep, sed, awk, rg, sd) skipping
 * their pattern. permc adds tokens the reference misses (marked `derived`):
 * numeric flag values no longer shift the pattern slot, `sed -i` takes no
 * argument, `cd -P DIR`, `~` and `~user`, backslash-escaped tokens,
 * `$HOME/…`, `key=/path` and `--opt=/path` values, substitutions in
 * redirect targets and env prefixes, and shell source given to `bash -c`.
 */
import type { SyntaxNode } from "../syntax/syntax.js";
import { cookWord } from "../words/words.js";
import { isPattern, wordPattern } from "../words/word-pattern.js";
import { operandsAreGitWords, operandsMayBePaths } from "../programs/knowledge/index.js";
import { provesRead, PURE_READER_CORE } from "../programs/knowledge/pure-readers.js";
import { analyseCommand } from "../programs/analyse-program.js";
import { certainAndWritesNothing } from "../programs/findings.js";
import { syntheticWord } from "../words/words.js";
import type { Segment } from "../../explore.js";
import { CHANGES_DIRECTORY, UNKNOWN, cdOperand, foldCd, isWellFormedCd } from "./cd.js";
import {
  changesDirectoryIn,
  DirectoryAlternatives,
  leavesShell,
  spellingsForSearch,
  type StatementDirectory,
  statementDirectory,
} from "./uncertain-directory.js";
import { longOptionRole, PATTERN_FIRST, type PatternFirst } from "./pattern-first.js";
import { mayMatchDotDot, type RawPathPattern } from "./patterns.js";
import type { MadeRoot, PathBase, PathRole, RawPathToken } from "./types.js";
import { tokenShape } from "./token-shape.js";
import { FILE_VALUED_VARIABLES, fileNamedByVariable } from "../programs/knowledge/variables.js";
import { commandName } from "../programs/command-name.js";
import { makesLinks, noteLinksMade } from "./links-made.js";
import { afterAt, valueStarts } from "./option-value.js";

/** A word naming a file to read after `@`, alone or after a field name and `=`, `:=`, `==` or `:` (`key=@.env`); the file must look like a path. */
const AT_FILE = /^[\w.-]*(?::=|==|=|:)?@([./~].*)$/s;
/**
 * A path after a word and a colon (`text:/etc/x`, `msl:./a.msl`, `host:~/k`, `txt:sshlink/k`): one that starts
 * like a path or holds a slash, not a URL's `scheme://` and not a bare name (`sed s:a:b:`, `image:tag`).
 */
const PREFIXED_PATH = /^[A-Za-z][\w+.-]*:((?:\/(?!\/)|~\/|\.\.?\/|[^/:\s][^:\s]*\/).*)$/s;
/** A value that starts like a path (`./a.tar`, `~/x`, `/etc/x`). */
const PATH_START = /^[.~/]/;
const TOKEN_TYPES = new Set(["word", "concatenation", "string", "raw_string", "ansi_c_string", "translated_string"]);
/** Word types the reference reads as path tokens; the others are permc's additions. */
const REFERENCE_TOKEN_TYPES = new Set(["word", "concatenation", "string", "raw_string"]);
/** Nodes inside a word whose commands run (their operands are paths too). */
const HOSTS = new Set(["command_substitution", "process_substitution", "expansion", "arithmetic_expansion"]);
/** A word without these characters is one known string: no brace, glob, tilde, quote or expansion. */
const MAY_EXPAND = /[*?[{$`~'"\\]/;
/** An argument that is only an expansion or a substitution: its value is unknown. */
const UNKNOWN_WORDS = new Set(["simple_expansion", "expansion", "command_substitution"]);
const SEQUENCES = new Set(["program", "list", "compound_statement"]);
/** Builtins that print their operands as text: no operand is a file. */
const PRINTS_OPERANDS: ReadonlySet<string> = new Set(["echo", "printf"]);

/** A redirect of standard output to a file (`> f`, `>> f`, `1> f`, `&> f`), not to a process substitution. */
function stdoutToFile(node: SyntaxNode, src: string): boolean {
  if (node.type !== "file_redirect") return false;
  const fd = node.children.find((c) => c.type === "file_descriptor");
  if (fd !== undefined && src.slice(fd.startIndex, fd.endIndex) !== "1") return false;
  const op = node.children.find((c) => !c.isNamed);
  const target = node.namedChildren.find((c) => c.type !== "file_descriptor");
  return op !== undefined && /^(?:>|>>|>\||&>|&>>)$/.test(op.type) && target !== undefined && target.type !== "process_substitution";
}

interface Task {
  node: SyntaxNode;
  base: { current: PathBase };
  fold: boolean;
  /** Tokens found here are permc's additions. */
  derived: boolean;
  /**
   * The base of the enclosing sequence that runs in the same shell. A `cd`
   * permc does not fold (inside `if`, a loop, a function body) leaves it
   * unknown: later relative paths may be anywhere. Absent inside subshells,
   * substitutions and pipeline stages, whose `cd` cannot reach out.
   */
  outer: { current: PathBase } | undefined;
  /**
   * Run in the background (`x &`): the command starts in the directory the
   * shell is in when it gets there, and its own `cd` stays its own. Its base
   * is copied when the task runs, after the statements before it moved the
   * shared one (`cd ~/.ssh; cat k &` reads ~/.ssh/k).
   */
  copyBaseWhenRun: boolean;
  /** The statement the task belongs to, for what its `cd`s may not have done (uncertain-directory.ts). */
  statement?: StatementDirectory;
  /** This task starts its statement: the statement's start is the base when it runs. */
  opensStatement?: true;
  /** Not a node: the end of this statement, where the base becomes uncertain if a `cd` in it may not have run. */
  closesStatement?: StatementDirectory;
  /** Not a node: where a `||` list starts, noted when it runs. */
  marksStart?: { start: PathBase };
  /** Not a node: before a `||`'s right side, the base may also be where the list started. */
  eitherFrom?: { start: PathBase };
  /** Not a node: after a pipeline's first stage, the shell is still at `start`, whatever the stage's `cd` did to `stage`. */
  stayedFrom?: { readonly start: PathBase; readonly stage: { current: PathBase } };
}

/** `child`, in `parent`'s statement. */
function withStatement(child: Task, parent: Task): Task {
  child.statement = parent.statement;
  return child;
}

/** Parts of a statement other than simple commands that run, and may fail (`[[ -d x ]] && cd x`). */
const STATEMENT_PARTS_THAT_RUN: ReadonlySet<string> = new Set([
  "test_command",
  "compound_statement",
  "subshell",
  "variable_assignment",
  "variable_assignments",
  "declaration_command",
  "unset_command",
  "if_statement",
  "case_statement",
  "for_statement",
  "c_style_for_statement",
  "while_statement",
]);
/** Builtins that change the shell's own state and no file (their substitutions are commands of their own). */
const SHELL_STATE_BUILTINS: ReadonlySet<string> = new Set([
  "set",
  "export",
  "shopt",
  "umask",
  "local",
  "declare",
  "typeset",
  "readonly",
  "unset",
  "type",
  "test",
  "[",
]);

/** A function named pwd, or `enable` (which may hand the name to a program on PATH), spelt however it is quoted. */
const PWD_SHADOWED = /\bpwd\s*\(\s*\)|\bfunction\s+pwd\b|\benable\b/;

/** A statement's redirects, around its body. */
const REDIRECT_NODES: ReadonlySet<string> = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

/** A redirect that cannot fail: to /dev/null. */
const TO_DEV_NULL = /^\d*(?:>>?|&>>?|>\||<)\s*\/dev\/null$/;
/** A copy of standard output or error: it fails only where the descriptor was closed. */
const DUPLICATES_OUTPUT = /^\d*>&[12]$/;

/** Loops: their body and condition run again where the last round left the shell. */
const LOOPS: ReadonlySet<string> = new Set(["for_statement", "c_style_for_statement", "while_statement", "select_statement"]);

/** A task, every field given: one object shape for all of them (a walk makes one per node it visits). */
function task(
  node: SyntaxNode,
  base: { current: PathBase },
  fold: boolean,
  derived: boolean,
  outer: { current: PathBase } | undefined,
  copyBaseWhenRun = false,
): Task {
  return { node, base, fold, derived, outer, copyBaseWhenRun };
}

/** Walks one tree and records path tokens and the base in effect at each command. */
/** No CDPATH: a relative `cd` goes where it says. */
const NO_CDPATH = { cdpath: false } as const;

export class PathCollector {
  readonly tokens: RawPathToken[] = [];
  /** Words that are not one known path: globs, braces, unknown values (patterns.ts). */
  readonly patterns: RawPathPattern[] = [];
  private readonly bases = new Map<number, PathBase>();
  /** Commands whose standard output a redirect sends to a file (`echo x >> f`). */
  private readonly intoFile = new WeakSet<SyntaxNode>();
  /** The text closes a descriptor somewhere (`exec 2>&-`): asked once, not once per redirect (a scan of the whole text). */
  private get closesDescriptor(): boolean {
    this.#closesDescriptor ??= this.src.includes("&-");
    return this.#closesDescriptor;
  }
  #closesDescriptor: boolean | undefined;

  constructor(
    private readonly src: string,
    /** Null when the command reassigns HOME: then `~` and `$HOME` are unknown. */
    private readonly home: string | null,
    private readonly initial: PathBase,
    /** Every token from this tree is permc's addition (payload source). */
    private readonly allDerived: boolean,
    /** Whether CDPATH is set where the command runs (a relative `cd` may go elsewhere), asked only at a `cd`. */
    private readonly environment: { readonly cdpath: boolean } = NO_CDPATH,
    /** `$PWD` is the directory a command runs in (false when the command may assign PWD). */
    private readonly pwdKnown = true,
    /** Where a `cd` may not have moved the shell: shared by every collection of one split (uncertain-directory.ts). */
    private readonly alternatives: DirectoryAlternatives = new DirectoryAlternatives(src),
  ) {}

  /** What `$PWD` expands to where `base` is, or null when permc does not know. */
  private pwdAt(base: PathBase): string | null {
    // Where the shell is: after a `cd` that surely failed, not where it named; after one that may not have run, unknown.
    const place = this.alternatives.placeOf(base);
    return this.pwdKnown && place?.known === true ? place.dir : null;
  }

  /**
   * A function may stand for the pwd builtin (`pwd() { echo /etc; }`), or
   * `enable -n pwd` may hand the name to a program found on PATH: then
   * `$(pwd)` prints anything.
   */
  private pwdShadowed: boolean | undefined;

  /** What `$(pwd)` prints where `base` is (the directory, whatever PWD holds), or null. */
  private pwdCommandAt(base: PathBase): string | null {
    this.pwdShadowed ??= spellingsForSearch(this.src).some((text) => PWD_SHADOWED.test(text));
    const place = this.alternatives.placeOf(base);
    return !this.pwdShadowed && place?.known === true ? place.dir : null;
  }

  /** Where the command makes symlinks in a form permc does not follow exactly (`ln -s -t DIR …`, `cp -s`): every operand. */
  readonly madeRoots: MadeRoot[] = [];
  /** Symlinks the command itself makes (`ln -s /etc e`), absolute name → absolute target. */
  readonly symlinks: Array<{ readonly name: string; readonly target: string }> = [];

  /**
   * The base in effect for the node starting at `index`: a command's, set when it is reached; any other node this
   * collection visits (a redirect, an assignment, a declaration, a substitution) keeps the base it was reached
   * with, unless a command starts there (`(cd ~/.local/bin && cat x > ls)`: the redirect writes in ~/.local/bin).
   * Else the tree's initial base.
   */
  baseAt(index: number): PathBase {
    return this.bases.get(index) ?? this.initial;
  }

  /** Remember the base a node other than a command was reached with (baseAt). */
  private noteBase(node: SyntaxNode, base: PathBase): void {
    if (!this.bases.has(node.startIndex)) this.bases.set(node.startIndex, base);
  }

  collect(root: SyntaxNode): void {
    // Tasks run in order; a sequence's children share one mutable base box.
    const top = { current: this.initial };
    const stack: Task[] = [task(root, top, true, false, top)];
    while (stack.length > 0) {
      const t = stack.pop() as Task;
      this.visit(t, stack);
    }
  }

  /**
   * Some redirect among `nodes` may fail, and keep bash from running its command (`<nope cd /tmp`): any but one to
   * /dev/null, or a copy of standard output or error where the command closes no descriptor (`exec 2>&-; cd x >&2`).
   */
  private redirectMayFail(nodes: readonly SyntaxNode[]): boolean {
    for (const r of nodes) {
      // A here-document or here-string feeds text: it does not fail.
      if (r.type !== "file_redirect") continue;
      const text = this.src.slice(r.startIndex, r.endIndex);
      if (TO_DEV_NULL.test(text)) continue;
      if (DUPLICATES_OUTPUT.test(text) && !this.closesDescriptor) continue;
      return true;
    }
    return false;
  }

  /** Code bash runs again where permc does not follow: a function body (called anywhere), a loop that changes directory. */
  private runsElsewhere(node: SyntaxNode): boolean {
    if (node.type === "function_definition") return (this.changesDirectory ??= changesDirectoryIn(this.src));
    if (!LOOPS.has(node.type)) return false;
    return changesDirectoryIn(this.src.slice(node.startIndex, node.endIndex));
  }

  private changesDirectory: boolean | undefined;

  /** The role of the tokens being added (set around each redirect and command). */
  private role: PathRole = "both";

  /** Set while a redirect's target is read: its words name files. */
  private inRedirect = false;
  /** Tokens being added are words of a git command (RawPathToken.gitWord). */
  private inGitArguments = false;
  /** Tokens being added come after the command's `--` (RawPathToken.notAnOption). */
  private operandsOnly = false;

  private add(token: string, base: PathBase, derived: boolean, notAnOption = false, exact = false): void {
    const t: { -readonly [K in keyof RawPathToken]: RawPathToken[K] } = { token, base, derived: derived || this.allDerived, role: this.role };
    if (this.inRedirect) t.isFile = true;
    else if (this.inGitArguments) t.gitWord = true;
    if ((this.operandsOnly || notAnOption) && !this.inRedirect) t.notAnOption = true;
    if (exact) t.exact = true;
    this.tokens.push(t);
  }

  private visit(given: Task, stack: Task[]): void {
    if (given.closesStatement !== undefined) {
      given.base.current = this.alternatives.afterStatement(given.closesStatement, given.base.current);
      return;
    }
    if (given.marksStart !== undefined) {
      given.marksStart.start = given.base.current;
      return;
    }
    if (given.stayedFrom !== undefined) {
      given.base.current = this.alternatives.stayedIn(given.stayedFrom.stage.current, given.stayedFrom.start);
      return;
    }
    if (given.eitherFrom !== undefined) {
      given.base.current = this.alternatives.either(given.base.current, given.eitherFrom.start);
      return;
    }
    if (given.opensStatement === true && given.statement !== undefined) given.statement.start = given.base.current;
    const t: Task = given.copyBaseWhenRun ? task(given.node, { current: given.base.current }, given.fold, given.derived, undefined) : given;
    const node = t.node;
    const type = node.type;
    // A test, a block, a subshell, an assignment, a loop: each may fail, and a `cd` after it then does not run.
    // Each makes, removes and renames no directory itself (the commands inside them note what they may write).
    if (t.statement !== undefined && STATEMENT_PARTS_THAT_RUN.has(type)) this.alternatives.noteRun(t.statement, true);
    if (!node.isNamed) return;
    if (type !== "command") this.noteBase(node, t.base.current);
    if (type === "comment" || type === "heredoc_body" || type === "heredoc_end") {
      // The reference skips heredoc bodies; substitutions in an unquoted body run.
      if (type === "heredoc_body") this.pushChildren(node, { current: t.base.current }, false, stack, true);
      return;
    }
    if (SEQUENCES.has(type)) {
      this.sequence(node, type, t, given.opensStatement === true, stack);
      return;
    }
    if (type === "negated_command") {
      // `! cd DIR` runs cd in this shell (only its status is negated): its children share this base, as if unnegated.
      // But what its chain runs next runs where the `cd` failed (`! cd /nope && cat ../x`): after it the shell may be
      // in either place, and no `|| exit` after it leaves on the `cd`'s failure.
      const changes = changesDirectoryIn(this.src.slice(node.startIndex, node.endIndex));
      const from = { start: t.base.current };
      if (changes) {
        const either = task(node, t.base, false, t.derived, undefined);
        either.eitherFrom = from;
        stack.push(either);
        if (t.statement !== undefined) t.statement.orMaySkip = true;
      }
      const named = node.namedChildren;
      for (let i = named.length - 1; i >= 0; i--) {
        const c = named[i];
        if (c !== null && c !== undefined) stack.push(withStatement(task(c, t.base, t.fold, t.derived, t.outer), t));
      }
      if (changes) {
        const mark = task(node, t.base, false, t.derived, undefined);
        mark.marksStart = from;
        stack.push(mark);
      }
      return;
    }
    if (type === "subshell") {
      // Its own copy of the base, and its statements a small program's: `(cd nope; cat ../x)` reads where the failed
      // `cd` left the subshell (paths/uncertain-directory.ts), as the shell's own statements do.
      const own = { current: t.base.current };
      this.sequence(node, "program", task(node, own, true, t.derived, own), false, stack);
      return;
    }
    if (type === "pipeline") {
      // Each stage runs in a subshell: bash stays where the pipeline started. The reference folds a first stage's
      // `cd` into the shell (a workaround for tree-sitter's `(cd a && x 2>&1) | tail`, #454, which
      // syntax/list-redirects.ts now regroups as bash does), so what follows is read there too, with the shell's
      // real place beside it (`stayedFrom`): `cd /tmp/a 2>&1 | true; cat ../.ssh/id_rsa` reads ./../.ssh/id_rsa.
      const named = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
      const start = t.base.current;
      const tasks: Task[] = [];
      named.forEach((c, i) => {
        const fold = t.fold && c.type !== "command";
        if (i === 0 && named.length === 1) tasks.push(withStatement(task(c, t.base, fold, t.derived, t.outer), t));
        else if (i === 0) {
          const stage = { current: start };
          // Its `cd`s are no changes of the statement's directory: a statement of its own notes them.
          const first = task(c, stage, fold, t.derived, undefined);
          first.statement = statementDirectory(start);
          tasks.push(first);
          const stayed = task(c, t.base, false, t.derived, undefined);
          stayed.stayedFrom = { start, stage };
          tasks.push(stayed);
        }
        // A later stage runs when the first does: what it runs is the statement's (a `cd` there moves only the stage).
        else tasks.push(withStatement(task(c, { current: start }, false, t.derived, undefined), t));
      });
      for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i] as Task);
      return;
    }
    if (type === "redirected_statement") {
      // A redirect that fails keeps bash from running the command (`cd build >build`): its `cd` may not run.
      if (t.statement !== undefined && this.redirectMayFail(node.namedChildren.slice(1))) t.statement.mayBeSkipped = true;
      const body = node.namedChildren.find((c) => !REDIRECT_NODES.has(c.type));
      if (body?.type === "command" && node.namedChildren.some((c) => c !== null && stdoutToFile(c, this.src))) this.intoFile.add(body);
      // Bash opens a statement's redirects, and expands its here-documents, before the statement runs: where it
      // starts, whatever its `cd` does (`cd sub >../.bashrc` writes ~/.bashrc from the project). The body runs last.
      const tasks: Task[] = [];
      for (const c of node.namedChildren) {
        if (c === null || c === body) continue;
        tasks.push(withStatement(task(c, t.base, t.fold && c.type !== "heredoc_redirect", t.derived, t.outer), t));
      }
      if (body !== undefined) tasks.push(withStatement(task(body, t.base, t.fold, t.derived, t.outer), t));
      for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i] as Task);
      return;
    }
    if (type === "file_redirect") {
      this.redirect(node, t.base.current, stack, t.derived);
      return;
    }
    if (type === "command") {
      this.command(node, t, stack);
      return;
    }
    // `export GIT_TRACE=/etc/passwd`, `X=envlink.txt`: a value later commands may be handed, and a program may open
    // whatever it is spelt like (`XAUTHORITY=envlink.txt xauth list` read .env), as an argument's (the walk goes on below).
    if (type === "variable_assignment") {
      for (const v of node.namedChildren) {
        if (v === null) continue;
        // `a=(envlink.txt)`: each element is a value later commands may be handed (`XAUTHORITY=${a[0]} xauth list`).
        const values = v.type === "array" ? v.namedChildren : [v];
        for (const e of values) if (e !== null && TOKEN_TYPES.has(e.type)) this.token(e, t.base.current, true);
      }
      this.fileValued(node, t.base.current);
    }
    // `for f in WORDS`, `select`, `case WORD in`: the words are values a command may open (31.0.0); unproven.
    if (type === "for_statement" || type === "case_statement") {
      for (const c of node.namedChildren) {
        if (!TOKEN_TYPES.has(c.type)) continue;
        this.token(c, t.base.current, true);
        this.pushHosts(c, t.base.current, stack);
      }
    }
    // `[ -s .env ]`, `[[ a -nt b ]]`: a file test looks at its operands, as the `test` command's do (its words are tokens).
    if (type === "test_command") {
      for (const w of fileTestOperands(node, this.src)) {
        if (UNKNOWN_WORDS.has(w.type)) this.patternOnly(w, t.base.current);
        else this.token(w, t.base.current, true);
      }
    }
    if (type === "herestring_redirect") {
      // A plain here-string word is data; substitutions inside still run.
      this.pushChildren(node, { current: t.base.current }, false, stack, t.derived, true);
      return;
    }
    // Control flow, substitutions, heredoc continuations, errors: tokens
    // count against the enclosing base, and a `cd` inside does not fold.
    // Substitutions run in a subshell: their `cd` cannot reach the enclosing shell.
    const isolated = type === "command_substitution" || type === "process_substitution";
    this.pushChildren(
      node,
      { current: this.runsElsewhere(node) ? UNKNOWN : t.base.current },
      false,
      stack,
      t.derived,
      false,
      isolated ? undefined : (t.outer ?? t.base),
    );
  }

  /**
   * A program's, a block's or a list's children, in order: one statement each (a list's are one statement's), noting
   * what its `cd`s may not have done, and a task after it that settles the base.
   */
  private sequence(node: SyntaxNode, type: string, t: Task, opensStatement: boolean, stack: Task[]): void {
    // Children share the base; a statement followed by `&` runs in the background.
    const children = node.children;
    const tasks: Task[] = [];
    // A list's children are one statement's (`a && cd x || b`); a program's and a block's are statements of their own.
    const statements = type !== "list" && t.fold;
    if (type === "list" && t.statement !== undefined && children.some((c) => c.type === "||")) {
      // `… || exit` closing the statement leaves the shell on any failure before it; any other `||` may skip a `cd`.
      const right = node.namedChildren[node.namedChildren.length - 1];
      if (opensStatement && right !== undefined && leavesShell(this.src.slice(right.startIndex, right.endIndex))) t.statement.exitsOnFailure = true;
      else t.statement.orMaySkip = true;
    }
    let last = -1;
    if (statements) for (let i = 0; i < children.length; i++) if (children[i]?.isNamed === true) last = i;
    // `a || b`: b runs where a failed, so where a started as well as where a left the shell (`cd nope || cd x`).
    let orFrom: { start: PathBase } | undefined;
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      if (c === null || c === undefined || !c.isNamed) continue;
      const next = children[i + 1];
      const background = next !== null && next !== undefined && !next.isNamed && next.type === "&";
      const child = background ? task(c, t.base, t.fold, t.derived, undefined, true) : task(c, t.base, t.fold, t.derived, t.outer ?? t.base);
      // (`cd x || exit`: the right side leaves the shell, so nothing after it runs where it ran.)
      if (type === "list" && children[i - 1]?.type === "||" && orFrom !== undefined && !leavesShell(this.src.slice(c.startIndex, c.endIndex))) {
        const either = task(c, t.base, false, t.derived, undefined);
        either.eitherFrom = orFrom;
        tasks.push(either);
      }
      if (type === "list" && i === 0 && children.some((k) => k.type === "||")) {
        orFrom = { start: t.base.current };
        const mark = task(c, t.base, false, t.derived, undefined);
        mark.marksStart = orFrom;
        tasks.push(mark);
      }
      tasks.push(child);
      if (background) this.alternatives.noteBackground();
      if (!statements || background) {
        child.statement = t.statement;
        continue;
      }
      // Each statement notes what its `cd`s may not have done, and a task after it settles the base (the program's
      // last statement has nothing after it; a block's passes its base on to the statement that holds it).
      child.statement = statementDirectory(t.base.current);
      child.opensStatement = true;
      if (i !== last || type === "compound_statement") {
        const close = task(c, t.base, false, t.derived, undefined);
        close.closesStatement = child.statement;
        tasks.push(close);
      }
    }
    for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i] as Task);
  }

  private pushChildren(
    node: SyntaxNode,
    base: { current: PathBase },
    fold: boolean,
    stack: Task[],
    derived: boolean,
    skipWords = false,
    outer?: { current: PathBase },
  ): void {
    const kids = node.namedChildren;
    for (let i = kids.length - 1; i >= 0; i--) {
      const c = kids[i] as SyntaxNode;
      // A skipped word's substitutions still run (`<<< "$(< .env)"`).
      if (skipWords && TOKEN_TYPES.has(c.type)) this.pushHosts(c, base.current, stack);
      else stack.push(task(c, base, fold, derived, outer));
    }
  }

  /** Commands hosted inside a word (substitutions, expansions holding them): their operands are paths too. */
  private pushHosts(word: SyntaxNode, base: PathBase, stack: Task[]): void {
    const found: SyntaxNode[] = [];
    const todo: SyntaxNode[] = [word];
    while (todo.length > 0) {
      const n = todo.pop() as SyntaxNode;
      for (const c of n.namedChildren) {
        if (HOSTS.has(c.type)) found.push(c);
        else if (c.children.length > 0) todo.push(c);
      }
    }
    for (let i = found.length - 1; i >= 0; i--) stack.push(task(found[i] as SyntaxNode, { current: base }, false, true, undefined));
  }

  private redirect(node: SyntaxNode, base: PathBase, stack: Task[], derived: boolean): void {
    this.noteBase(node, base);
    const saved = this.role;
    this.role = redirectRole(node);
    this.inRedirect = true;
    this.redirectTargets(node, base, stack, derived);
    this.inRedirect = false;
    this.role = saved;
  }

  private redirectTargets(node: SyntaxNode, base: PathBase, stack: Task[], derived: boolean): void {
    for (const c of node.namedChildren) {
      if (c === null || c.type === "file_descriptor") continue;
      if (TOKEN_TYPES.has(c.type)) {
        this.token(c, base, derived);
        this.pushHosts(c, base, stack);
      } else {
        // `> $f`, `> ${f:-.env}`, `> $(…)`: the file is one permc cannot know (the reference projects none).
        if (UNKNOWN_WORDS.has(c.type)) this.patternOnly(c, base);
        // The reference ignores substitutions in redirect targets; they run.
        stack.push(task(c, { current: base }, false, true, undefined));
      }
    }
  }

  /** Reference quote removal: `'x'` → x, `"a$X"` → a$X, concatenations joined. */
  private refText(node: SyntaxNode): string {
    const src = this.src;
    switch (node.type) {
      case "raw_string": {
        const raw = src.slice(node.startIndex, node.endIndex);
        return raw.length >= 2 && raw.endsWith("'") ? raw.slice(1, -1) : raw.slice(1);
      }
      case "string":
        return node.namedChildren.map((c) => (c === null ? "" : src.slice(c.startIndex, c.endIndex))).join("");
      case "concatenation":
        return node.children
          .map((c) => (c === null ? "" : c.type === "raw_string" || c.type === "string" ? this.refText(c) : src.slice(c.startIndex, c.endIndex)))
          .join("");
      default:
        return src.slice(node.startIndex, node.endIndex);
    }
  }

  /** `TZ=:/etc/hostname`: the file a variable's value names for the C library (FILE_VALUED_VARIABLES); one permc cannot know may be any. */
  private fileValued(assignment: SyntaxNode, base: PathBase): void {
    const name = assignment.namedChildren[0];
    if (name === null || name === undefined || name.type !== "variable_name") return;
    const text = this.src.slice(name.startIndex, name.endIndex);
    if (!Object.hasOwn(FILE_VALUED_VARIABLES, text)) return;
    const valueNode = assignment.namedChildren[1];
    if (valueNode === null || valueNode === undefined) return;
    const value = cookWord(valueNode, this.src, { home: this.home }).value;
    if (value === null) {
      this.patterns.push({
        token: `${text}=${this.src.slice(valueNode.startIndex, valueNode.endIndex)}`,
        alternatives: [[{ kind: "any" }]],
        base,
        kind: "unknown",
        role: "read",
      });
      return;
    }
    const file = fileNamedByVariable(text, value);
    if (file === null) return;
    const saved = this.role;
    this.role = "read";
    this.add(file, base, true);
    this.role = saved;
  }

  private token(node: SyntaxNode, base: PathBase, derived: boolean, patterns = true): void {
    const ref = this.refText(node);
    this.add(ref, base, derived || !REFERENCE_TOKEN_TYPES.has(node.type));
    // permc: what bash would actually pass (`\/etc/x`, `"$HOME"/x`, `~`, `$'…'`).
    const home = this.home;
    const cooked = cookWord(node, this.src, { home });
    // Other spellings, each once, in order (most words have none: no allocation then).
    let extra: string[] | null = null;
    const note = (e: string): void => {
      if (extra === null) extra = [e];
      else if (!extra.includes(e)) extra.push(e);
    };
    if (cooked.value !== null && cooked.value !== ref) note(cooked.value);
    if (home !== null) {
      // The patterns below match only words starting with `$` or `~`.
      if (cooked.loose.startsWith("$")) {
        const homeLoose = cooked.loose.replace(/^(?:\$HOME|\$\{HOME\})(?=\/|$)/, home);
        if (homeLoose !== cooked.loose && homeLoose !== ref) note(homeLoose);
      }
      if (ref.startsWith("~") && (ref === "~" || /^~[A-Za-z0-9_.-]*(\/|$)/.test(ref))) note(ref === "~" ? home : ref);
    }
    // `if=/etc/shadow`, `--file=/etc/shadow`: the value is a path.
    const optionText = cooked.value ?? ref;
    const option = optionText.includes("=") ? /^(--?[A-Za-z0-9][\w-]*|[A-Za-z_][\w.-]*)=(.+)$/s.exec(optionText) : null;
    if (option !== null) note(option[2] as string);
    // `--from-file=k=envlink.txt`, `--env-file=NAME=.env`: an option's value of the form NAME=PATH hands the program
    // the file after the key (kubectl, docker buildx --secret id=k,src=…: the value after `=` is read as a file).
    const keyed = option !== null ? /^[A-Za-z_][\w.-]*=(.+)$/s.exec(option[2] as string) : null;
    if (keyed !== null) note(keyed[1] as string);
    // `text:/etc/x`, `msl:./a.msl`, `pod:/etc/x`: a coder's, a host's or a container's prefix before a path (ImageMagick
    // reads the file after its `FORMAT:`). Not a URL's `//`: a scheme names no local file (file:// is file-url.ts's).
    // Not git's `REV:PATH` either, which its record reads from the repository (repository-content.ts).
    const prefixed = !this.inGitArguments && optionText.includes(":") ? PREFIXED_PATH.exec(optionText) : null;
    if (prefixed !== null) note(prefixed[1] as string);
    // `@.env`, `key=@.env`, `key:=@/etc/x`, `field@~/.ssh/k`: many clients (httpie, gh api -F, curl -F, ansible -e) read the file after `@`.
    const at = optionText.includes("@") ? AT_FILE.exec(optionText) : null;
    if (at !== null) note(at[1] as string);
    // `-f.env`, `-fsshlink/k`, `-Xenvlink.txt`, `-i@list`: a short option's attached value is a file too, whatever it
    // looks like (a bare name counts when it is there), as the same value in a word of its own is. Without the
    // program's grammar the letter that takes it is not known: after two or three letters (`-xzf./a.tar`) it is a
    // file when it looks like a path, and else only when it is there (`-xzfenvlink.txt`; `-rn` names no `n`).
    let laterSplits: string[] | null = null;
    if (optionText.length > 2 && optionText.charCodeAt(0) === 0x2d && optionText.charCodeAt(1) !== 0x2d) {
      for (const split of valueStarts(optionText)) {
        const value = afterAt(optionText.slice(split.at));
        if (split.first || PATH_START.test(value)) note(value);
        else (laterSplits ??= []).push(value);
      }
    }
    // The word bash passes, exactly, where the reference's cleaning would change it or its shapes drop it (`cat
    // @s/id_rsa` through a link `@s`, `cat "'k"`, `cat " k"`, `cat a=b/k`; classify.ts checks a dropped one when its
    // first name is there). Not an option: a word spelt like one is another case (RawPathToken.notAnOption).
    const v = cooked.value;
    // A `~` bash did not expand (`'~/k'`, `\~/k`) is a name in the working directory, which the cleaning expands.
    const literalTilde = v?.startsWith("~") === true && !this.src.startsWith("~", node.startIndex);
    const exact = v !== null && v !== "" && !v.startsWith("-") && (cleanedDiffers(v) || literalTilde || tokenShape(v) === "reject") ? v : null;
    const spellings: readonly string[] = extra ?? [];
    // An option's value or a file after `@` is a file git may open (`--template=x`): not one of git's own words.
    const git = this.inGitArguments;
    for (const e of spellings) {
      this.inGitArguments = git && e !== option?.[2] && e !== keyed?.[1] && e !== at?.[1];
      // `dd of=-x.env`: the value is a file even when spelt like an option.
      this.add(e, base, true, e === option?.[2] || e === keyed?.[1]);
    }
    this.inGitArguments = git;
    for (const value of laterSplits ?? []) this.tokens.push({ token: value, base, derived: true, role: this.role, ifExists: true });
    if (exact !== null) this.add(exact, base, true, false, true);
    if (!patterns) return;
    // permc: a word that is not one known string (glob, braces, an unknown value) is a pattern of paths.
    const raw = this.src.slice(node.startIndex, node.endIndex);
    if (!MAY_EXPAND.test(raw)) return;
    const known = (text: string): boolean => text === cooked.value || text === ref || spellings.includes(text);
    // `--file={a,b}` is `--file=a --file=b`: the value's pattern, not the word's.
    if (!/^--?[A-Za-z0-9][\w-]*=/.test(raw)) this.pattern(raw, base, known, false);
    // `-f{a,b}`, `if={x,.env}`, `-f$PWD/.env`, `-o${x:-k}`: bash expands the value after a literal option or key
    // as a word of its own (a tilde after `if=` too), so its values are files as that word's are (the first split only).
    const split = valueStarts(raw).find((v) => v.first);
    if (split !== undefined) {
      this.pattern(raw.slice(split.at), base, known, true);
      if (raw[split.at] === "@") this.pattern(raw.slice(split.at + 1), base, known, true);
    }
  }

  /**
   * The paths a word's source (or an option's value's: `value`, a file even when spelt like an option) may
   * become: a pattern, or one known path not among `known`'s.
   */
  private pattern(token: string, base: PathBase, known: (text: string) => boolean, value: boolean): void {
    const alternatives = wordPattern(token, { home: this.home, pwd: this.pwdAt(base), pwdCommand: this.pwdCommandAt(base) });
    if (isPattern(alternatives)) {
      const unknown = alternatives.some((a) => a.some((seg) => seg.kind === "any"));
      this.patterns.push({ token, alternatives, base, kind: unknown ? "unknown" : "glob", role: this.role });
      // An older bash expands `.*` to `..` too: the path may leave the directory, to anywhere.
      if (!unknown && alternatives.some(mayMatchDotDot))
        this.patterns.push({ token: `${token} (\`..\` for a bash before 5.2)`, alternatives: [[{ kind: "any" }]], base, kind: "unknown", role: this.role });
      return;
    }
    // `$PWD/../x`: a spelling permc can evaluate exactly is a token in its own right.
    const only = alternatives[0]?.[0];
    if (only !== undefined && only.kind === "text" && !known(only.text)) this.add(only.text, base, true, value);
  }

  /** A whole argument that is an expansion or substitution (`cat $(printf …)`): a path permc cannot know. */
  private patternOnly(node: SyntaxNode, base: PathBase): void {
    const raw = this.src.slice(node.startIndex, node.endIndex);
    // `$(…)` or `${…}` as a whole word is one unknown value; only `$HOME`-like words need reading.
    // `$(…)` is any string, unless it is `$(pwd)` (words/word-pattern.ts).
    const alternatives: Segment[][] = wordPattern(raw, { home: this.home, pwd: this.pwdAt(base), pwdCommand: this.pwdCommandAt(base) });
    // `$PWD` where the directory is known: that one path, as `"$PWD"` and `$PWD/x` are.
    const only = alternatives.length === 1 && alternatives[0]!.length === 1 ? alternatives[0]![0]! : null;
    if (only !== null && only.kind === "text") {
      this.add(only.text, base, true);
      return;
    }
    this.patterns.push({ token: raw.length > 200 ? raw.slice(0, 200) + "…" : raw, alternatives, base, kind: "unknown", role: this.role });
  }

  private command(node: SyntaxNode, t: Task, stack: Task[]): void {
    const src = this.src;
    const base = t.base.current;
    this.bases.set(node.startIndex, base);
    const children = node.namedChildren;
    const nameIdx = children.findIndex((c) => c.type === "command_name");
    const nameNode = nameIdx >= 0 ? (children[nameIdx] as SyntaxNode) : null;
    const name = nameNode === null ? "" : src.slice(nameNode.startIndex, nameNode.endIndex);
    const later: Task[] = [];
    const args: SyntaxNode[] = [];
    for (let i = 0; i < children.length; i++) {
      const c = children[i] as SyntaxNode;
      if (c.type === "file_redirect") {
        this.redirect(c, base, later, t.derived);
      } else if (c.type === "herestring_redirect") {
        later.push(task(c, { current: base }, false, t.derived, undefined));
      } else if (c.type === "variable_assignment") {
        // The reference drops env prefixes; substitutions inside them still run, and the value is a file the program
        // may open whatever it is spelt like (`GIT_TRACE=/etc/passwd git status` appends to it, `SSL_CERT_FILE=envlink.txt
        // openssl …` and `PGSERVICEFILE=envlink.txt psql …` read it): a token, as an argument is.
        for (const v of c.namedChildren) {
          if (v === null || v.type === "variable_name") continue;
          if (TOKEN_TYPES.has(v.type)) this.token(v, base, true);
          else later.push(task(v, { current: base }, false, true, undefined));
        }
        this.fileValued(c, base);
      } else if (i > nameIdx && nameIdx >= 0) {
        args.push(c);
      } else if (c.type === "command_name") {
        // Substitutions in the name run too.
        for (const v of c.namedChildren) if (v !== null && !TOKEN_TYPES.has(v.type)) later.push(task(v, { current: base }, false, true, undefined));
      }
    }
    const plainName = name.slice(name.lastIndexOf("/") + 1);
    const nameWord = nameNode === null ? null : cookWord(nameNode.namedChildren[0] ?? nameNode, src, { home: this.home });
    const cookedName = nameWord === null ? null : nameWord.value;
    // Operands of `echo`, `printf`, `true`… are never opened: their globs and unknown values are not paths.
    const patterns = cookedName === null || operandsMayBePaths(cookedName);
    const printsIntoFile = cookedName !== null && PRINTS_OPERANDS.has(cookedName) && (this.intoFile.has(node) || children.some((c) => stdoutToFile(c, src)));
    const pf = PATTERN_FIRST.get(plainName);
    const saved = this.role;
    this.role = cookedName !== null && PURE_READER_CORE.has(cookedName) && this.provesRead(cookedName, args) ? "read" : "both";
    // A proven reader makes, removes and renames no directory (a `cd` after it finds what the file system shows now),
    // nor does a builtin that only sets the shell's own state.
    const readsOnly = this.role === "read" || (cookedName !== null && SHELL_STATE_BUILTINS.has(cookedName));
    // git's own words: git never follows a symlink a checkout in the same command makes (command-paths.ts).
    const savedGit = this.inGitArguments;
    this.inGitArguments = cookedName !== null && operandsAreGitWords(cookedName);
    this.operandsOnly = false;
    if (pf !== undefined) {
      this.patternFirst(pf, args, base, later, t.derived);
    } else {
      for (const a of args) {
        if (!this.operandsOnly && a.type === "word" && src.slice(a.startIndex, a.endIndex) === "--") this.operandsOnly = true;
        if (TOKEN_TYPES.has(a.type)) {
          // `echo '.env' >> .gitignore`: a printer's operands are text it prints into a file, never a file it opens (a
          // README row: the reference reads them as paths). Printed to a pipe or a substitution (`cat $(echo .env)`),
          // the text may become a path there: kept. Substitutions inside them still run.
          if (!printsIntoFile) this.token(a, base, t.derived, patterns);
          this.pushHosts(a, base, later);
        } else if (a.type !== "number") {
          if (patterns && UNKNOWN_WORDS.has(a.type)) this.patternOnly(a, base);
          later.push(task(a, { current: base }, false, t.derived, undefined));
        }
      }
    }
    this.role = saved;
    this.inGitArguments = savedGit;
    this.operandsOnly = false;
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i] as Task);
    // The links it makes (paths/links-made.ts), by the program bash runs: `/bin/ln -s ~/.ssh k` is ln.
    const program = nameWord === null ? null : commandName(nameWord).name;
    if (program !== null && args.length > 0 && makesLinks(program))
      noteLinksMade(
        program,
        args.map((a) => cookWord(a, src, { home: this.home })),
        base,
        this,
      );
    // `command cd /etc`, `builtin cd /etc` change the directory too, and so does `time cd /etc`: `time` is a reserved
    // word (unquoted, first in the command) that times the command in the shell itself.
    let builtin = cookedName;
    let builtinArgs = args;
    if (name === "time" && nameIdx === 0) {
      const rest = afterTimeKeywords(src, args);
      if (rest.length > 0) {
        builtin = cookWord(rest[0] as SyntaxNode, src, { home: this.home }).value;
        builtinArgs = rest.slice(1);
      }
    }
    while ((builtin === "command" || builtin === "builtin") && builtinArgs.length > 0) {
      const word = cookWord(builtinArgs[0] as SyntaxNode, src, { home: this.home }).value;
      builtinArgs = builtinArgs.slice(1);
      // `command -p cd`, `command -pp cd` (one option, repeated), `command -- cd`, `builtin -- cd`; `command -v cd`
      // only names it.
      if (word === "--" || (builtin === "command" && word !== null && /^-p+$/.test(word))) continue;
      builtin = word;
    }
    const change = builtin !== null && CHANGES_DIRECTORY.has(builtin) ? builtin : null;
    if (change === null) this.alternatives.noteRun(t.statement, readsOnly);
    if (change !== null) {
      if (t.fold) {
        const fold = (from: PathBase): PathBase => (change === "popd" ? UNKNOWN : foldCd(this.src, this.home, this.environment, from, builtinArgs, change));
        let folded = this.alternatives.folded(base, fold(base), fold);
        // `cd -P l/..`, `cd l/..` through a link the command made before: the file system does not show it yet.
        if (
          folded.known &&
          (this.symlinks.length > 0 || this.madeRoots.length > 0) &&
          builtinArgs.some((a) => /\.\.|^-\w*P/.test(src.slice(a.startIndex, a.endIndex)))
        )
          folded = UNKNOWN;
        t.base.current = folded;
        const s = t.statement;
        if (s !== undefined && folded.known && folded !== base) {
          // After another command of its chain, a `cd` runs only if that one succeeded.
          if (s.ranCommand || s.ranAfterChange) s.mayBeSkipped = true;
          s.changes.push({
            base: folded,
            wellFormed: isWellFormedCd(this.src, builtinArgs, change) && !this.redirectMayFail(children),
            operand: cdOperand(this.src, builtinArgs, this.home, change),
          });
        }
      } else {
        // A directory change permc does not fold (in a condition, a loop, a function): later paths may be anywhere.
        t.base.current = UNKNOWN;
        if (t.outer !== undefined) t.outer.current = UNKNOWN;
      }
    }
  }

  /** A pure reader's claim on its arguments (knowledge/pure-readers.ts), sed's and awk's by permc's analysis of the command. */
  private provesRead(name: string, args: readonly SyntaxNode[]): boolean {
    const words = args.map((a) => cookWord(a, this.src, { home: this.home }));
    const onlyReads = (): boolean =>
      certainAndWritesNothing(analyseCommand({ words: [syntheticWord(name), ...words], src: this.src, stdin: false, stdinText: null }));
    return provesRead(name, words, onlyReads);
  }

  private patternFirst(pf: PatternFirst, args: SyntaxNode[], base: PathBase, later: Task[], derived: boolean): void {
    let patterns = pf.patterns;
    let pendingValue: "value" | "path" | null = null;
    let optionsDone = false;
    // Positionals from here on came after `--`: operands even when spelt like options.
    let firstOperand = Number.POSITIVE_INFINITY;
    const positionals: SyntaxNode[] = [];
    for (const a of args) {
      const isToken = TOKEN_TYPES.has(a.type);
      // Substitutions run wherever the word stands, a pattern or an option's value (`grep "$(cat .env)" x`).
      if (isToken) this.pushHosts(a, base, later);
      else if (a.type !== "number") later.push(task(a, { current: base }, false, derived, undefined));
      if (pendingValue !== null) {
        // permc: a `number` fills the slot too (`grep -A 3 pat file`).
        if (pendingValue === "path") this.fileWord(a, base, derived);
        pendingValue = null;
        continue;
      }
      // The word as the program sees it (`--file=.e''nv` is `--file=.env`), expansions left as written.
      const cooked = isToken ? cookWord(a, this.src, { home: this.home }) : null;
      const text = cooked === null ? "" : (cooked.value ?? cooked.loose);
      if (!optionsDone && text === "--" && cooked?.value === "--") {
        optionsDone = true;
        firstOperand = positionals.length;
        continue;
      }
      if (!optionsDone && text.startsWith("--") && text.length > 2) {
        const eq = text.indexOf("=");
        const role = longOptionRole(pf, eq >= 0 ? text.slice(2, eq) : text.slice(2));
        if (role.suppliesPattern) patterns = 0;
        if (eq >= 0) {
          if (role.path) this.attachedFile(a, eq + 1, base, derived);
        } else if (role.path) {
          pendingValue = "path";
        } else if (role.value) {
          pendingValue = "value";
        }
        continue;
      }
      if (!optionsDone && text.startsWith("-") && text.length > 1) {
        for (let j = 1; j < text.length; j++) {
          const c = text[j] as string;
          const isPath = pf.shortPath.includes(c);
          const isValue = pf.shortValue.includes(c);
          if (!isPath && !isValue) continue;
          if (pf.noInline.includes(c)) patterns = 0;
          if (j + 1 === text.length) pendingValue = isPath ? "path" : "value";
          else if (isPath) this.attachedFile(a, j + 1, base, derived);
          break;
        }
        continue;
      }
      positionals.push(a);
    }
    positionals.forEach((a, i) => {
      if (i < patterns) return;
      this.operandsOnly = i >= firstOperand;
      this.fileWord(a, base, derived);
    });
    this.operandsOnly = false;
  }

  /** A word that names a file (`grep -f FILE`, a path operand): its tokens and patterns, or an unknown value's (`${x:-.env}`). */
  private fileWord(a: SyntaxNode, base: PathBase, derived: boolean): void {
    if (TOKEN_TYPES.has(a.type)) this.token(a, base, derived);
    else if (UNKNOWN_WORDS.has(a.type)) this.patternOnly(a, base);
  }

  /**
   * A file given as an option's value in the option's word, from `at` on in the word the program sees
   * (`-f.env`, `-rf.env`, `--file=X`): the value, and the paths its source may become, as an operand's
   * (`--file={a,b}` is `--file=a --file=b`, `-f${x:-.env}` any value). Where the option itself is not
   * literal in the source (`"--fi"le=$x`), the value is any.
   */
  private attachedFile(a: SyntaxNode, at: number, base: PathBase, derived: boolean): void {
    const cooked = cookWord(a, this.src, { home: this.home });
    const value = cooked.value?.slice(at) ?? null;
    if (value !== null) this.add(value, base, derived, true);
    const raw = this.src.slice(a.startIndex, a.endIndex);
    if (!MAY_EXPAND.test(raw)) return;
    if (raw.startsWith((cooked.value ?? cooked.loose).slice(0, at))) this.pattern(raw.slice(at), base, (t) => t === value, true);
    else if (value === null || cooked.pattern) this.patterns.push({ token: raw, alternatives: [[{ kind: "any" }]], base, kind: "unknown", role: this.role });
  }
}

/** `>`, `>>`, `>|`, `&>` write; `<` reads; `<>`, a redirect the parser could not read, and anything else is unproven. */
function redirectRole(node: SyntaxNode): PathRole {
  if (node.children.some((c) => c.type === "ERROR")) return "both";
  for (const c of node.children) {
    if (c.isNamed) continue;
    if (c.type === "<" || c.type === "<&") return "read";
    if (c.type === "<>") return "both";
    if (/^(?:>|>>|>\||&>|&>>|>&)$/.test(c.type)) return "write";
  }
  return "both";
}

/** Unary file tests (`-e -f -d -s -r -w -x -L …`) and `-nt`/`-ot`/`-ef` take paths; string tests (`-n`, `-z`, `=`, `==`, `=~`), `-o` and `-t` do not. */
const FILE_TEST = /^-[abcdefghkprsuwxGLNOS]$|^-(?:nt|ot|ef)$/;

/** The word operands of a test command's file tests. */
function fileTestOperands(test: SyntaxNode, src: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const todo: SyntaxNode[] = [test];
  while (todo.length > 0) {
    const n = todo.pop() as SyntaxNode;
    const op = n.type === "unary_expression" || n.type === "binary_expression" ? n.namedChildren.find((c) => c?.type === "test_operator") : undefined;
    for (const c of n.namedChildren) {
      if (c === null) continue;
      if (op !== undefined && (TOKEN_TYPES.has(c.type) || UNKNOWN_WORDS.has(c.type))) {
        if (FILE_TEST.test(src.slice(op.startIndex, op.endIndex))) out.push(c);
      } else if (c.type !== "test_operator") todo.push(c);
    }
  }
  return out;
}

/** Whether the reference's cleaning of a token (classify.ts) would change this word: blanks, a quote at an end, a leading `@`. */
function cleanedDiffers(word: string): boolean {
  return word !== word.trim() || /^['"@]|['"]$/.test(word);
}

/**
 * The words after `time` keywords as bash reads them: each `time` may take
 * one `-p` and then `--` (`time -p -- cd /etc`), then `!`s; another unquoted
 * `time` starts a timed pipeline again. Bash reads `time -p -p` as running `-p`.
 */
function afterTimeKeywords(src: string, args: readonly SyntaxNode[]): readonly SyntaxNode[] {
  const raw = (k: number) => (k < args.length ? src.slice((args[k] as SyntaxNode).startIndex, (args[k] as SyntaxNode).endIndex) : null);
  let i = 0;
  for (;;) {
    if (raw(i) === "-p") i++;
    if (raw(i) === "--") i++;
    // `time ! cd /etc`: the timed pipeline may be negated, and still runs in the shell itself.
    while (raw(i) === "!") i++;
    if (raw(i) !== "time") break;
    i++;
  }
  // `time X=1 cd ..`: the timed command's assignments come before its name, and it is still bash's cd; after them no
  // word is a reserved word (`time X=1 time cd /tmp` runs the program time).
  while (PREFIX_ASSIGNMENT.test(raw(i) ?? "")) i++;
  return args.slice(i);
}

/** A word bash reads as an assignment before a command's name (`X=1`, `a[1]+=x`; parse-options.ts's ASSIGNMENT_WORD takes neither form). */
const PREFIX_ASSIGNMENT = /^[A-Za-z_]\w*(?:\[[^\]]*\])?\+?=/;
