/**
 * Path tokens in a bash command, for the bash `path` and
 * `external_directory` gates (bash.md §6, config-and-matching.md §4.3–4.4).
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
import { existsSync, lstatSync, readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { SyntaxNode } from "./syntax.js";
import { cookWord } from "./words.js";
import { isPattern, wordPattern } from "./word-pattern.js";
import { expandOnDisk, patternForms, type PathPatternCandidate, type RawPathPattern } from "./path-patterns.js";
import { operandsMayBePaths } from "./programs/knowledge/index.js";
import { provesRead, PURE_READER_CORE } from "./programs/knowledge/pure-readers.js";
import type { Segment } from "../explore.js";

/** The directory relative tokens resolve against: known, or unknown after `cd $X`. */
export type PathBase = { readonly known: true; readonly dir: string } | { readonly known: false };

/** What a command proves it does with a path (40.1.4 §3.1): read, write, or either (unproven). */
export type PathRole = "read" | "write" | "both";

export interface RawPathToken {
  readonly token: string;
  readonly base: PathBase;
  /** Default "both": consult both directional members. */
  readonly role?: PathRole;
  /** permc's addition: the reference does not see this token. */
  readonly derived: boolean;
  /** The command walks it when it is a directory (`grep -r`, `find`, `zip -r`): everything under it counts. */
  readonly tree?: true;
  /** Found under a directory a recursive command walks: touched, not named (a deny there asks). */
  readonly underTree?: true;
  /** Certainly a file, even without a path's shape: a redirect target (the reference since 34.0.0). */
  readonly isFile?: true;
}

export interface PathCandidate {
  /** The token as written, after quote removal. */
  token: string;
  /** Lexical, cd-aware absolute path; the literal when the base is unknown. */
  value: string;
  /** Every value a path rule is matched against: absolute, cwd-relative, literal, canonical. */
  values: string[];
  /** Lies outside the cwd (canonical check). */
  external: boolean;
  /** permc's addition. */
  derived?: true;
  /** Reached by walking a directory operand, not named by the command: a deny on it asks. */
  underTree?: true;
  /** What the command proves it does with the path; "both" when unproven. */
  role: PathRole;
}

// ---------------------------------------------------------------------------
// Collection.

interface PatternFirst {
  /** Positional patterns before the paths. */
  readonly patterns: number;
  /** Short options taking a non-path argument; those in `noInline` replace the positional pattern. */
  readonly shortValue: string;
  readonly shortPath: string;
  readonly longValue: readonly string[];
  readonly longPath: readonly string[];
  readonly noInline: readonly string[];
}

const GREP: PatternFirst = {
  patterns: 1,
  shortValue: "eABCmdD",
  shortPath: "f",
  longValue: ["regexp", "after-context", "before-context", "context", "max-count", "directories", "devices",
    "label", "include", "exclude", "exclude-dir", "binary-files", "color", "colour", "group-separator"],
  longPath: ["file", "exclude-from"],
  noInline: ["e", "f", "regexp", "file"],
};
const RG: PatternFirst = {
  patterns: 1,
  shortValue: "eABCmgtTjMErd",
  shortPath: "f",
  longValue: ["regexp", "after-context", "before-context", "context", "max-count", "glob", "iglob", "type", "type-not",
    "threads", "max-columns", "encoding", "replace", "max-depth", "max-filesize", "type-add", "type-clear", "sort", "sortr",
    "color", "colors", "context-separator", "field-match-separator", "path-separator", "pre", "pre-glob", "engine",
    "dfa-size-limit", "regex-size-limit"],
  longPath: ["file", "ignore-file"],
  noInline: ["e", "f", "regexp", "file"],
};
const SED: PatternFirst = {
  patterns: 1,
  shortValue: "el",
  shortPath: "f",
  longValue: ["expression", "line-length"],
  longPath: ["file"],
  noInline: ["e", "f", "expression", "file"],
};
const AWK: PatternFirst = {
  patterns: 1,
  shortValue: "Fve",
  shortPath: "fiEl",
  longValue: ["field-separator", "assign", "source"],
  longPath: ["file", "include", "exec", "load"],
  noInline: ["f", "e", "E", "file", "source", "exec"],
};
const SD: PatternFirst = {
  patterns: 2,
  shortValue: "fn",
  shortPath: "",
  longValue: ["flags", "max-replacements"],
  longPath: [],
  noInline: [],
};

const PATTERN_FIRST: ReadonlyMap<string, PatternFirst> = new Map([
  ["grep", GREP], ["egrep", GREP], ["fgrep", GREP], ["rg", RG],
  ["sed", SED], ["awk", AWK], ["gawk", AWK], ["nawk", AWK], ["sd", SD],
]);

const TOKEN_TYPES = new Set(["word", "concatenation", "string", "raw_string", "ansi_c_string", "translated_string"]);
/** Word types the reference reads as path tokens; the others are permc's additions. */
const REFERENCE_TOKEN_TYPES = new Set(["word", "concatenation", "string", "raw_string"]);
/** Nodes inside a word whose commands run (their operands are paths too). */
const HOSTS = new Set(["command_substitution", "process_substitution", "expansion", "arithmetic_expansion"]);
/** A word without these characters is one known string: no brace, glob, tilde, quote or expansion. */
const MAY_EXPAND = /[*?[{$`~'"\\]/;
/** An argument that is only an expansion or a substitution: its value is unknown. */
const UNKNOWN_WORDS = new Set(["simple_expansion", "expansion", "command_substitution"]);
/** Builtins that change the directory of the shell that runs them. */
const CHANGES_DIRECTORY = new Set(["cd", "pushd", "popd"]);
const SEQUENCES = new Set(["program", "list", "compound_statement"]);
const CD_OPTIONS = new Set(["-P", "-L", "-e", "-@", "-LP", "-PL", "-Pe", "-eP"]);

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
  outer?: { current: PathBase };
}

const UNKNOWN: PathBase = { known: false };
/** A working directory longer than this is not followed (`cd a && cd a && …` thousands deep). */
const MAX_BASE_LENGTH = 1_024;

/** Walks one tree and records path tokens and the base in effect at each command. */
export class PathCollector {
  readonly tokens: RawPathToken[] = [];
  /** Words that are not one known path: globs, braces, unknown values (path-patterns.ts). */
  readonly patterns: RawPathPattern[] = [];
  private readonly bases = new Map<number, PathBase>();

  constructor(
    private readonly src: string,
    /** Null when the command reassigns HOME: then `~` and `$HOME` are unknown. */
    private readonly home: string | null,
    private readonly initial: PathBase,
    /** Every token from this tree is permc's addition (payload source). */
    private readonly allDerived: boolean,
    /** CDPATH is set where the command runs: a relative `cd` may go elsewhere. */
    private readonly cdpath = false,
  ) {}

  /** Symlinks the command itself makes (`ln -s /etc e`), absolute name → absolute target. */
  readonly symlinks: Array<{ readonly name: string; readonly target: string }> = [];

  /** The base in effect for the command starting at `index` (else the tree's initial base). */
  baseAt(index: number): PathBase {
    return this.bases.get(index) ?? this.initial;
  }

  collect(root: SyntaxNode): void {
    // Tasks run in order; a sequence's children share one mutable base box.
    const top = { current: this.initial };
    const stack: Task[] = [{ node: root, base: top, fold: true, derived: false, outer: top }];
    while (stack.length > 0) {
      const t = stack.pop() as Task;
      this.visit(t, stack);
    }
  }

  /** The role of the tokens being added (set around each redirect and command). */
  private role: PathRole = "both";

  /** Set while a redirect's target is read: its words name files. */
  private inRedirect = false;

  private add(token: string, base: PathBase, derived: boolean): void {
    this.tokens.push({ token, base, derived: derived || this.allDerived, role: this.role, ...(this.inRedirect ? { isFile: true as const } : {}) });
  }

  private visit(t: Task, stack: Task[]): void {
    const node = t.node;
    const type = node.type;
    if (!node.isNamed) return;
    if (type === "comment" || type === "heredoc_body" || type === "heredoc_end") {
      // The reference skips heredoc bodies; substitutions in an unquoted body run.
      if (type === "heredoc_body") this.pushChildren(node, { current: t.base.current }, false, stack, true);
      return;
    }
    if (SEQUENCES.has(type)) {
      // Children share the base; a statement followed by `&` runs in the background.
      const children = node.children;
      const tasks: Task[] = [];
      for (let i = 0; i < children.length; i++) {
        const c = children[i];
        if (c === null || c === undefined || !c.isNamed) continue;
        const next = children[i + 1];
        const background = next !== null && next !== undefined && !next.isNamed && next.type === "&";
        const base = background ? { current: t.base.current } : t.base;
        tasks.push({ node: c, base, fold: t.fold, derived: t.derived, ...(background ? {} : { outer: t.outer ?? t.base }) });
      }
      for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i] as Task);
      return;
    }
    if (type === "subshell") {
      const own = { current: t.base.current };
      this.pushChildren(node, own, true, stack, t.derived, false, own);
      return;
    }
    if (type === "pipeline") {
      // Only the first stage's leading commands fold (tree-sitter groups
      // `cd a && x 2>&1 | tail` as `(cd a && x 2>&1) | tail`, #454).
      const named = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
      const tasks: Task[] = [];
      named.forEach((c, i) => {
        if (i === 0) tasks.push({ node: c, base: t.base, fold: t.fold && c.type !== "command", derived: t.derived, ...(named.length === 1 && t.outer ? { outer: t.outer } : {}) });
        else tasks.push({ node: c, base: { current: t.base.current }, fold: false, derived: t.derived });
      });
      for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i] as Task);
      return;
    }
    if (type === "redirected_statement") {
      const tasks: Task[] = [];
      for (const c of node.namedChildren) {
        if (c === null) continue;
        tasks.push({ node: c, base: t.base, fold: t.fold && c.type !== "heredoc_redirect", derived: t.derived, ...(t.outer ? { outer: t.outer } : {}) });
      }
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
    // `for f in WORDS`, `select`, `case WORD in`: the words are values a command may open (31.0.0); unproven.
    if (type === "for_statement" || type === "case_statement") {
      for (const c of node.namedChildren) {
        if (!TOKEN_TYPES.has(c.type)) continue;
        this.token(c, t.base.current, true);
        this.pushHosts(c, t.base.current, stack);
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
    this.pushChildren(node, { current: t.base.current }, false, stack, t.derived, false, isolated ? undefined : (t.outer ?? t.base));
  }

  private pushChildren(
    node: SyntaxNode, base: { current: PathBase }, fold: boolean, stack: Task[], derived: boolean, skipWords = false,
    outer?: { current: PathBase },
  ): void {
    const kids = node.namedChildren;
    for (let i = kids.length - 1; i >= 0; i--) {
      const c = kids[i] as SyntaxNode;
      // A skipped word's substitutions still run (`<<< "$(< .env)"`).
      if (skipWords && TOKEN_TYPES.has(c.type)) this.pushHosts(c, base.current, stack);
      else stack.push({ node: c, base, fold, derived, ...(outer ? { outer } : {}) });
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
    for (let i = found.length - 1; i >= 0; i--) stack.push({ node: found[i] as SyntaxNode, base: { current: base }, fold: false, derived: true });
  }

  private redirect(node: SyntaxNode, base: PathBase, stack: Task[], derived: boolean): void {
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
        // The reference ignores substitutions in redirect targets; they run.
        stack.push({ node: c, base: { current: base }, fold: false, derived: true });
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

  private token(node: SyntaxNode, base: PathBase, derived: boolean, patterns = true): void {
    const ref = this.refText(node);
    this.add(ref, base, derived || !REFERENCE_TOKEN_TYPES.has(node.type));
    // permc: what bash would actually pass (`\/etc/x`, `"$HOME"/x`, `~`, `$'…'`).
    const home = this.home;
    const cooked = cookWord(node, this.src, { home });
    const extra = new Set<string>();
    if (cooked.value !== null && cooked.value !== ref) extra.add(cooked.value);
    if (home !== null) {
      const homeLoose = cooked.loose.replace(/^(?:\$HOME|\$\{HOME\})(?=\/|$)/, home);
      if (homeLoose !== cooked.loose && homeLoose !== ref) extra.add(homeLoose);
      if (ref === "~" || /^~[A-Za-z0-9_.-]*(\/|$)/.test(ref)) extra.add(ref === "~" ? home : ref);
    }
    // `if=/etc/shadow`, `--file=/etc/shadow`: the value is a path.
    const option = /^(--?[A-Za-z0-9][\w-]*|[A-Za-z_][\w.-]*)=(.+)$/s.exec(cooked.value ?? ref);
    if (option !== null) extra.add(option[2] as string);
    for (const e of extra) this.add(e, base, true);
    if (!patterns) return;
    // permc: a word that is not one known string (glob, braces, an unknown value) is a pattern of paths.
    const raw = this.src.slice(node.startIndex, node.endIndex);
    if (!MAY_EXPAND.test(raw)) return;
    const valuePart = /^--?[A-Za-z0-9][\w-]*=/.exec(raw);
    const alternatives = wordPattern(valuePart === null ? raw : raw.slice(valuePart[0].length), { home, pwd: base.known ? base.dir : null });
    if (isPattern(alternatives)) {
      const unknown = alternatives.some((a) => a.some((seg) => seg.kind === "any"));
      this.patterns.push({ token: raw, alternatives, base, kind: unknown ? "unknown" : "glob", role: this.role });
      return;
    }
    // `$PWD/../x`: a spelling permc can evaluate exactly is a token in its own right.
    const known = alternatives[0]?.[0];
    if (known !== undefined && known.kind === "text" && known.text !== cooked.value && known.text !== ref && !extra.has(known.text)) this.add(known.text, base, true);
  }

  /** A whole argument that is an expansion or substitution (`cat $(printf …)`): a path permc cannot know. */
  private patternOnly(node: SyntaxNode, base: PathBase): void {
    const raw = this.src.slice(node.startIndex, node.endIndex);
    // `$(…)` or `${…}` as a whole word is one unknown value; only `$HOME`-like words need reading.
    const alternatives: Segment[][] = node.type === "command_substitution" ? [[{ kind: "any" }]] : wordPattern(raw, { home: this.home, pwd: base.known ? base.dir : null });
    this.patterns.push({ token: raw.length > 200 ? raw.slice(0, 200) + "…" : raw, alternatives, base, kind: "unknown", role: this.role });
  }

  private command(node: SyntaxNode, t: Task, stack: Task[]): void {
    const src = this.src;
    const base = t.base.current;
    this.bases.set(node.startIndex, base);
    const children = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
    const nameIdx = children.findIndex((c) => c.type === "command_name");
    const nameNode = nameIdx >= 0 ? (children[nameIdx] as SyntaxNode) : null;
    const name = nameNode === null ? "" : src.slice(nameNode.startIndex, nameNode.endIndex);
    const later: Task[] = [];
    const args: SyntaxNode[] = [];
    children.forEach((c, i) => {
      if (c.type === "file_redirect") {
        this.redirect(c, base, later, t.derived);
      } else if (c.type === "herestring_redirect") {
        later.push({ node: c, base: { current: base }, fold: false, derived: t.derived });
      } else if (c.type === "variable_assignment") {
        // The reference drops env prefixes; substitutions inside them still run.
        for (const v of c.namedChildren) {
          if (v !== null && !TOKEN_TYPES.has(v.type) && v.type !== "variable_name") later.push({ node: v, base: { current: base }, fold: false, derived: true });
        }
      } else if (i > nameIdx && nameIdx >= 0) {
        args.push(c);
      } else if (c.type === "command_name") {
        // Substitutions in the name run too.
        for (const v of c.namedChildren) if (v !== null && !TOKEN_TYPES.has(v.type)) later.push({ node: v, base: { current: base }, fold: false, derived: true });
      }
    });
    const plainName = name.slice(name.lastIndexOf("/") + 1);
    const cookedName = nameNode === null ? null : cookWord(nameNode.namedChildren[0] ?? nameNode, src, { home: this.home }).value;
    // Operands of `echo`, `printf`, `true`… are never opened: their globs and unknown values are not paths.
    const patterns = cookedName === null || operandsMayBePaths(cookedName);
    const pf = PATTERN_FIRST.get(plainName);
    const saved = this.role;
    this.role = cookedName !== null && PURE_READER_CORE.has(cookedName) && provesRead(cookedName, args.map((a) => cookWord(a, src, { home: this.home })), src) ? "read" : "both";
    if (pf !== undefined) {
      this.patternFirst(pf, args, base, later, t.derived);
    } else {
      for (const a of args) {
        if (TOKEN_TYPES.has(a.type)) {
          this.token(a, base, t.derived, patterns);
          this.pushHosts(a, base, later);
        } else if (a.type !== "number") {
          if (patterns && UNKNOWN_WORDS.has(a.type)) this.patternOnly(a, base);
          later.push({ node: a, base: { current: base }, fold: false, derived: t.derived });
        }
      }
    }
    this.role = saved;
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i] as Task);
    if (cookedName !== null && cookedName === "ln") this.noteSymlink(args, base);
    // `command cd /etc`, `builtin cd /etc` change the directory too.
    let builtin = cookedName;
    let builtinArgs = args;
    while ((builtin === "command" || builtin === "builtin") && builtinArgs.length > 0) {
      builtin = cookWord(builtinArgs[0] as SyntaxNode, src, { home: this.home }).value;
      builtinArgs = builtinArgs.slice(1);
    }
    if (builtin !== null && CHANGES_DIRECTORY.has(builtin)) {
      if (t.fold) {
        t.base.current = builtin === "popd" ? UNKNOWN : this.foldCd(base, builtinArgs, builtin);
      } else {
        // A directory change permc does not fold (in a condition, a loop, a function): later paths may be anywhere.
        t.base.current = UNKNOWN;
        if (t.outer !== undefined) t.outer.current = UNKNOWN;
      }
    }
  }

  /** `ln -s TARGET NAME` in this command: NAME/… reaches TARGET/… (a symlink made, then used). */
  private noteSymlink(args: SyntaxNode[], base: PathBase): void {
    const values = args.map((a) => cookWord(a, this.src, { home: this.home }).value);
    if (!values.some((v) => v !== null && /^-[a-zA-Z]*s|^--symbolic$/.test(v))) return;
    const operands = values.filter((v): v is string => v !== null && !v.startsWith("-"));
    if (operands.length < 2 || !base.known) return;
    const target = operands[0] as string;
    const name = operands[operands.length - 1] as string;
    this.symlinks.push({ name: resolve(base.dir, name), target: resolve(base.dir, target) });
  }

  /**
   * The base after `cd ARGS` (or `pushd`), as bash computes it: the target
   * after quote removal and `~`/`$HOME` expansion; bare `cd` goes home; `-`,
   * a glob, an unknown value or a relative target searched in CDPATH is
   * unknown. `..` is resolved lexically, and through the file system when
   * the lexical directory does not exist (bash then falls back to the
   * kernel's reading, which follows symlinks).
   */
  private foldCd(base: PathBase, args: SyntaxNode[], builtin: string): PathBase {
    let i = 0;
    let physical = false;
    // permc: skip cd's own options (the reference takes `-P` as the target).
    while (i < args.length && CD_OPTIONS.has(this.src.slice((args[i] as SyntaxNode).startIndex, (args[i] as SyntaxNode).endIndex))) {
      if (this.src.slice((args[i] as SyntaxNode).startIndex, (args[i] as SyntaxNode).endIndex).includes("P")) physical = true;
      i++;
    }
    if (i < args.length && this.src.slice((args[i] as SyntaxNode).startIndex, (args[i] as SyntaxNode).endIndex) === "--") i++;
    const target = args[i];
    if (target === undefined) return builtin === "cd" && this.home !== null ? { known: true, dir: this.home } : UNKNOWN;
    const cooked = cookWord(target, this.src, { home: this.home });
    const v = cooked.value;
    if (v === null || cooked.pattern || v === "" || v === "-" || /^[+-]\d+$/.test(v)) return UNKNOWN;
    if (!isAbsolute(v) && !v.startsWith("./") && !v.startsWith("../") && v !== "." && v !== ".." && this.cdpath) return UNKNOWN;
    if (!isAbsolute(v) && !base.known) return UNKNOWN;
    const joined = isAbsolute(v) ? v : `${base.known ? base.dir : ""}/${v}`;
    // Deeper than any directory a real command works in: permc stops following, and stays linear in the input.
    if (joined.length > MAX_BASE_LENGTH) return UNKNOWN;
    const logical = resolve(joined);
    if (physical || (v.includes("..") && !existsSync(logical))) {
      const real = tryRealpath(joined);
      if (real !== null) return { known: true, dir: real };
    }
    return { known: true, dir: logical };
  }

  private patternFirst(pf: PatternFirst, args: SyntaxNode[], base: PathBase, later: Task[], derived: boolean): void {
    const src = this.src;
    let patterns = pf.patterns;
    let pendingValue: "value" | "path" | null = null;
    let optionsDone = false;
    const positionals: SyntaxNode[] = [];
    for (const a of args) {
      const text = src.slice(a.startIndex, a.endIndex);
      if (pendingValue !== null) {
        // permc: a `number` fills the slot too (`grep -A 3 pat file`).
        if (pendingValue === "path" && TOKEN_TYPES.has(a.type)) this.token(a, base, derived);
        else if (!TOKEN_TYPES.has(a.type) && a.type !== "number") later.push({ node: a, base: { current: base }, fold: false, derived });
        pendingValue = null;
        continue;
      }
      if (!optionsDone && a.type === "word" && text === "--") {
        optionsDone = true;
        continue;
      }
      if (!optionsDone && a.type === "word" && text.startsWith("--") && text.length > 2) {
        const eq = text.indexOf("=");
        const long = eq >= 0 ? text.slice(2, eq) : text.slice(2);
        if (pf.noInline.includes(long)) patterns = 0;
        if (eq >= 0) {
          if (pf.longPath.includes(long)) this.add(text.slice(eq + 1), base, derived);
        } else if (pf.longPath.includes(long)) {
          pendingValue = "path";
        } else if (pf.longValue.includes(long)) {
          pendingValue = "value";
        }
        continue;
      }
      if (!optionsDone && a.type === "word" && text.startsWith("-") && text.length > 1) {
        for (let j = 1; j < text.length; j++) {
          const c = text[j] as string;
          const isPath = pf.shortPath.includes(c);
          const isValue = pf.shortValue.includes(c);
          if (!isPath && !isValue) continue;
          if (pf.noInline.includes(c)) patterns = 0;
          const rest = text.slice(j + 1);
          if (rest === "") pendingValue = isPath ? "path" : "value";
          else if (isPath) this.add(rest, base, derived);
          break;
        }
        continue;
      }
      positionals.push(a);
    }
    positionals.forEach((a, i) => {
      if (i < patterns) {
        if (!TOKEN_TYPES.has(a.type) && a.type !== "number") later.push({ node: a, base: { current: base }, fold: false, derived });
        return;
      }
      if (TOKEN_TYPES.has(a.type)) this.token(a, base, derived);
      else if (a.type !== "number") later.push({ node: a, base: { current: base }, fold: false, derived });
    });
  }
}

// ---------------------------------------------------------------------------
// Classification and resolution.

const DEVICES = new Set(["/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr"]);

export type TokenShape = "reject" | "external" | "rule" | "bare";

/** The reference's token shapes (config-and-matching.md §4.3, bash.md §6). */
export function tokenShape(token: string): TokenShape {
  if (token === "" || token.startsWith("-")) return "reject";
  const eq = token.indexOf("=");
  const slash = token.indexOf("/");
  if (eq >= 0 && (slash < 0 || eq < slash)) return "reject";
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(token)) return "reject";
  if (/^@[^/]/.test(token)) return "reject";
  if (/\.\*|\.\+|\\\||\\\(|\\\)|\^\//.test(token) || /\[[^\]]*\]/.test(token)) return "reject";
  if (token.startsWith("/") || token.startsWith("~/") || token.includes("..") || /^[A-Za-z]:[/\\]/.test(token)) return "external";
  if (token.startsWith(".") || token.includes("/")) return "rule";
  return "bare";
}

export interface ClassifyOptions {
  cwd: string;
  home: string;
  /** Probe bare words on disk (default true). */
  probeBareNames?: boolean;
  realpath?: ((absolute: string) => string) | undefined;
}

/**
 * Canonical form: realpath of the longest existing prefix, plus the rest.
 * `memo` caches prefixes within one call (never across calls: the file
 * system may change between tool calls).
 */
/** Longest path the OS resolves; a longer prefix cannot exist (ENAMETOOLONG). */
const PATH_MAX = 4096;

export function canonicalPath(absolute: string, memo: Map<string, string | null> = new Map()): string {
  let head = absolute;
  let rest: string[] = [];
  if (head.length > PATH_MAX) {
    // Start from the longest prefix that could exist: walking up a hostile
    // megabyte path one segment at a time would cost length × segments.
    const cut = head.lastIndexOf(sep, PATH_MAX);
    rest = head.slice(cut + 1).split(sep).reverse();
    head = cut <= 0 ? sep : head.slice(0, cut);
  }
  for (;;) {
    let real = memo.get(head);
    if (real === undefined) {
      // A missing path makes realpath throw, and building that error costs
      // several times the syscall; existsSync fails the same cases (it follows
      // symlinks too) without one. realpath still runs on every existing prefix.
      real = existsSync(head) ? tryRealpath(head) : null;
      memo.set(head, real);
    }
    // One joined argument: spreading a hostile path's segments would overflow the stack.
    if (real !== null) return rest.length === 0 ? real : resolve(real, rest.reverse().join(sep));
    const parent = dirname(head);
    if (parent === head) return absolute;
    rest.push(basename(head));
    head = parent;
  }
}

function tryRealpath(p: string): string | null {
  try {
    return realpathSync.native(p);
  } catch {
    return null;
  }
}

function isOutside(canonical: string, canonicalCwd: string): boolean {
  if (canonicalCwd === "") return false;
  const rel = relative(canonicalCwd, canonical);
  return rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel);
}

export interface ClassifiedPaths {
  ruleCandidates: PathCandidate[];
  externalPaths: string[];
  /** What the command does with each external path (parallel to `externalPaths`). */
  externalRoles: PathRole[];
  bareTokens: PathCandidate[];
  /** Words that are not one known path (path-patterns.ts). */
  patterns: PathPatternCandidate[];
}

export function classifyPaths(
  tokens0: readonly RawPathToken[],
  opts: ClassifyOptions,
  patterns0: readonly RawPathPattern[] = [],
  symlinks: ReadonlyArray<{ readonly name: string; readonly target: string }> = [],
): ClassifiedPaths {
  const tokens: RawPathToken[] = [...tokens0];
  const probed = new Map<string, boolean>();
  const rawPatterns: RawPathPattern[] = [...patterns0];
  // The files a glob names today are checked as paths too, by their canonical form (a symlink among them).
  for (const p of patterns0) {
    if (p.kind !== "glob") continue;
    for (const alt of p.alternatives) for (const match of expandOnDisk(alt, p.base)) tokens.push({ token: match, base: p.base, derived: true });
  }
  const memo = new Map<string, string | null>();
  const canon = opts.realpath ?? ((p: string): string => canonicalPath(p, memo));
  const canonicalCwd = opts.cwd === "" ? "" : canon(resolve(opts.cwd));
  const ruleCandidates: PathCandidate[] = [];
  const bareTokens: PathCandidate[] = [];
  const externalPaths: string[] = [];
  const seenExternal = new Map<string, number>();
  const externalRoles: PathRole[] = [];
  const seenCandidate = new Set<string>();
  const seenBare = new Set<string>();
  const cwdResolved = resolve(opts.cwd);
  // Every argument word is a token, so a long command resolves hundreds of
  // plain names against a few bases: normalise each base once.
  const resolvedBases = new Map<string, string>();
  const under = (dir: string, rel: string): string => {
    if (rel === "" || rel === "." || rel === ".." || rel.includes("/")) return resolve(dir, rel);
    let d = resolvedBases.get(dir);
    if (d === undefined) resolvedBases.set(dir, (d = resolve(dir)));
    return d.endsWith("/") ? d + rel : d + "/" + rel;
  };
  for (const t of tokens) {
    let shape = tokenShape(t.token);
    // permc: `~user/…` is another user's home, outside by definition.
    const tildeUser = t.derived && /^~[A-Za-z0-9_.-]+(\/|$)/.test(t.token);
    if (tildeUser) shape = "external";
    if (shape === "reject") continue;
    const cleaned = clean(t.token, opts.home);
    // A redirect target is a file whatever it looks like (`> copy.md`); the 20.7.2 reference skipped it.
    const fileTarget = shape === "bare" && t.isFile === true;
    if (fileTarget) shape = "rule";
    // permc: a relative path after a `cd` permc could not follow may be anywhere.
    if (!t.base.known && !isAbsolute(cleaned) && !tildeUser) {
      rawPatterns.push({ token: t.token, alternatives: [[{ kind: "text", text: cleaned }]], base: t.base, kind: "unknown" });
    }
    // permc (as the reference since 23.0.0): a bare name that exists on disk is a path, checked by its canonical form.
    // A long command repeats its bare words (`npm`, `run`, `build`): one probe per word and directory.
    let promoted = false;
    if (shape === "bare" && t.base.known && opts.probeBareNames !== false) {
      // No word exists in a directory that does not (`cd build && …` before it is made): one probe per base.
      // The canonical-path memo may already know (the `cd` target was a token): no second system call.
      let dirExists = probed.get(t.base.dir);
      if (dirExists === undefined) {
        const known = memo.get(resolve(t.base.dir));
        probed.set(t.base.dir, (dirExists = known !== undefined ? known !== null : exists(t.base.dir)));
      }
      if (dirExists) {
        const where = under(t.base.dir, cleaned);
        let found = probed.get(where);
        if (found === undefined) probed.set(where, (found = exists(where)));
        promoted = found;
      }
    }
    if (promoted) shape = "rule";
    let absolute: string | null = null;
    if (tildeUser) absolute = null; // the other user's home is unknown here: keep the literal
    else if (isAbsolute(cleaned)) absolute = resolve(cleaned);
    else if (t.base.known) absolute = under(t.base.dir, cleaned);
    const value = absolute ?? t.token;
    if (shape === "bare") {
      // The same name against the same base yields the same aliases, so the
      // same path decision: keep the first (a long command repeats `npm`, `run`…).
      const bareKey = t.token + "\u0000" + value;
      if (seenBare.has(bareKey)) continue;
      seenBare.add(bareKey);
    }
    const values: string[] = [];
    const addValue = (v: string): void => {
      if (!values.includes(v)) values.push(v);
    };
    let canonical: string | null = null;
    if (absolute !== null) {
      addValue(absolute);
      const rel = absolute.startsWith(cwdResolved) && absolute.length > cwdResolved.length + 1 && absolute[cwdResolved.length] === "/" && cwdResolved !== "/"
        ? absolute.slice(cwdResolved.length + 1) // a normalised path strictly inside cwd: the same as path.relative
        : relative(cwdResolved, absolute);
      if (opts.cwd !== "" && rel !== "" && !rel.startsWith("..") && !isAbsolute(rel)) addValue(rel);
      addValue(t.token);
      // Bare names are only checked when a path rule promotes them; skip the file system.
      if (shape !== "bare") {
        canonical = canon(absolute);
        addValue(canonical);
        // A symlink this command makes before it uses it: the path reaches its target.
        for (const link of symlinks) {
          if (absolute === link.name || absolute.startsWith(link.name + "/")) {
            const through = link.target + absolute.slice(link.name.length);
            addValue(through);
            addValue(canon(through));
          }
        }
      }
    } else {
      addValue(t.token);
    }
    let external = false;
    // A walk does not follow the symlinks it meets: what it reaches lies where it was found.
    if (t.underTree === true) {
      external = false;
    } else if (tildeUser) {
      external = true; // another user's home: outside by definition
    } else if (shape !== "bare") {
      // permc: any path-shaped token is checked, not only the reference's external shapes
      // (`cd /tmp && cat x/y` reads /tmp/x/y).
      if (canonical !== null) {
        external = isOutside(canonical, canonicalCwd) && !DEVICES.has(canonical);
      } else if (cleaned.includes("..")) {
        external = true; // unknown base: flagged conservatively
      }
    }
    // A directory a recursive command walks: what is under it today is checked file by file; a tree
    // too large to list is a prefix query on the automaton (a rule that can match anything under it).
    if (t.tree === true && absolute !== null && isDirectory(canonical ?? absolute)) {
      const dir = (canonical ?? absolute).replace(/\/+$/, "");
      const listed = listTree(dir);
      if (listed !== null) {
        for (const entry of listed) tokens.push({ token: entry, base: t.base, derived: true, underTree: true, role: t.role ?? "both" });
      } else {
        const forms: Segment[][] = [[{ kind: "text", text: dir + "/" }, { kind: "any" }]];
        if (absolute !== canonical) forms.push([{ kind: "text", text: absolute.replace(/\/+$/, "") + "/" }, { kind: "any" }]);
        rawPatterns.push({ token: t.token, alternatives: forms, base: { known: true, dir: "/" }, kind: "unknown" });
      }
    }
    const candidate: PathCandidate = { token: t.token, value, values, external, role: t.role ?? "both" };
    if (t.derived || promoted || fileTarget) candidate.derived = true;
    if (t.underTree === true) candidate.underTree = true;
    if (shape === "bare") {
      bareTokens.push(candidate);
      continue;
    }
    const key = t.token + "\u0000" + value;
    if (t.derived && seenCandidate.has(key)) continue;
    seenCandidate.add(key);
    ruleCandidates.push(candidate);
    if (external) {
      const lexical = absolute ?? (tildeUser ? t.token : resolve(opts.cwd, cleaned));
      const dedupe = canonical ?? lexical;
      const at = seenExternal.get(dedupe);
      if (at !== undefined) {
        if (externalRoles[at] !== candidate.role) externalRoles[at] = "both";
      } else {
        seenExternal.set(dedupe, externalPaths.length);
        externalPaths.push(lexical);
        externalRoles.push(candidate.role);
      }
    }
  }
  // The same word against an unknown base has the same forms: explore it once.
  const seenPattern = new Set<string>();
  // One path reached with disagreeing proofs (`cat a.txt > a.txt`) is unproven.
  const roles = new Map<string, PathRole>();
  for (const c of ruleCandidates) {
    const seen = roles.get(c.value);
    roles.set(c.value, seen === undefined || seen === c.role ? c.role : "both");
  }
  for (const c of ruleCandidates) c.role = roles.get(c.value) ?? c.role;
  const patterns = rawPatterns
    .filter((p) => {
      const key = `${p.base.known ? p.base.dir : ""}\u0000${p.token}`;
      if (seenPattern.has(key)) return false;
      seenPattern.add(key);
      return true;
    })
    .map((p) => patternForms(p, cwdResolved));
  return { ruleCandidates, externalPaths, externalRoles, bareTokens, patterns };
}

/** Entries a recursive operand is listed with before permc falls back to the prefix query. */
const MAX_TREE_ENTRIES = 2_000;

/** Every file and symlink under `dir` (symlinks not followed), or null past the budget. */
function listTree(dir: string): string[] | null {
  const out: string[] = [];
  const todo = [dir];
  let seen = 0;
  while (todo.length > 0) {
    const d = todo.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    seen += entries.length;
    if (seen > MAX_TREE_ENTRIES) return null;
    for (const e of entries) {
      const p = d.endsWith("/") ? d + e.name : d + "/" + e.name;
      if (e.isDirectory()) todo.push(p);
      else out.push(p);
    }
  }
  return out;
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The path exists (a dangling symlink counts); a miss, the common case, throws nothing. */
function exists(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

function clean(token: string, home: string): string {
  let s = token.trim();
  if (s.startsWith("'") || s.startsWith('"')) s = s.slice(1);
  if (s.endsWith("'") || s.endsWith('"')) s = s.slice(0, -1);
  if (s.startsWith("@")) s = s.slice(1);
  if (s === "~") return home;
  if (s.startsWith("~/")) return resolve(home, s.slice(2));
  return s;
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
