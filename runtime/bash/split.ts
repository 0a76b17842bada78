/**
 * Split a bash command into the units the policy judges.
 *
 * Two layers, one walk:
 * 1. The reference's units (bash.md §2–3), in its order and with its exact
 *    texts, so a policy decides the same wherever the reference was right.
 * 2. Units the reference never shows (marked `derived`): commands inside
 *    control flow, groups, functions, assignments, redirect targets, heredoc
 *    bodies and continuations; commands a wrapper runs; shell source handed
 *    to `bash -c`, `eval`, `ssh`…; the same command with its name spelled
 *    plainly; floors for commands whose name or code cannot be known.
 *
 * The walk is iterative (an explicit stack), so a long `&&` chain, which
 * tree-sitter nests to the left, cannot overflow the JS stack. Shell source
 * found inside a command is parsed again, at most MAX_DEPTH levels deep.
 */
import { copyTree, glueTouchingWords, reattachRedirectWords } from "./syntax.js";
import type { SyntaxNode } from "./syntax.js";
import type { BashParser } from "./parser.js";
import { analyseCommand } from "./programs/analyse-program.js";
import { wordsText, type Analysis, type CommandView, type InnerCommand } from "./programs/findings.js";
import { COMMAND_VARIABLES, isHijackVariable } from "./programs/knowledge/variables.js";
import { referenceWrapperKind, type WrapperKind } from "./reference-kind.js";
import { cookWord } from "./words.js";
import type { Word } from "./words.js";
import { PathCollector } from "./paths/collect.js";
import { classifyPaths } from "./paths/classify.js";
import type { PathBase, PathCandidate, RawPathToken } from "./paths/types.js";
import type { PathPatternCandidate, RawPathPattern } from "./paths/patterns.js";
import { homedir } from "node:os";
import { resolve as resolvePath } from "node:path";
import { WRITES_LAST_OPERAND } from "./programs/knowledge/recursive.js";
import { bashReading, standInsToOriginal } from "./bash-reading.js";
import { hiddenSubstitutions, wordPattern } from "./word-pattern.js";
import type { Segment } from "../explore.js";

/** Why permc added a unit the reference does not have. */
export type Derivation =
  /** A command inside a construct the reference matches only as a whole. */
  | "nested"
  /** The same command with its name and words spelled plainly. */
  | "normalised"
  /** The same command, floored: it runs code permc cannot fully see. */
  | "wrapper-floor"
  /** The same command, floored: its name is a variable or substitution. */
  | "dynamic-name"
  /** The same command, floored: its name is a glob or brace pattern bash expands. */
  | "expanded-name"
  /** The same command, floored: its name holds characters no program name has (control characters, blanks). */
  | "unusual-name"
  /** The command a wrapper runs (`sudo rm x` → `rm x`). */
  | "unwrapped"
  /** A command from shell source given to a shell (`bash -c`, `eval`, `ssh host …`). */
  | "payload"
  /** An assignment to a variable that changes what commands run (`PATH=…`). */
  | "env-hijack"
  /** Text tree-sitter leaves unparsed but bash runs (backticks in heredocs, escaped backticks). */
  | "reparsed"
  /** Words tree-sitter could not parse (inside an ERROR node), judged as a command. */
  | "recovered"
  /** A command as bash reads the text, where tree-sitter tokenises it differently (bash-reading.ts). */
  | "bash-reading"
  /** Text bash evaluates again as code (an array subscript, a `${x#…}` operand, `${x@P}`, `let`'s arguments). */
  | "evaluated-text"
  /** A file the command writes and then runs (`echo … > x.sh && bash x.sh`). */
  | "two-step"
  /** Something that could not be analysed (payload syntax error, budget exceeded). */
  | "unparseable";

/** Why an `allow` for a unit becomes `ask`: permc cannot fully read what it runs. */
export interface Floor {
  /** `opaque`: code or a construct permc cannot read; `indirection`: a wrapper whose effect permc does not judge exactly. */
  readonly kind: WrapperKind;
  /** In words a person can check (`permc cannot read Python code given to python3`). */
  readonly reason: string;
}

export interface BashUnit {
  /** Exact source slice (reference units), or permc's rewriting (some derived units). */
  text: string;
  /** Innermost execution context; absent at top level. */
  context?: "command_substitution" | "process_substitution" | "subshell" | string;
  /** The reference's own wrapper classification of this unit (reported; see `floor` for the decision). */
  wrapperKind?: "opaque" | "indirection";
  /** permc's floor: an `allow` for this unit becomes `ask`. */
  floor?: Floor;
  /** A wrapper that runs its argv exactly as given, which permc judges as a unit of its own (no floor needed). */
  exactWrapper?: true;
  /**
   * The unit as bash may run it when some words hold values permc cannot
   * know (`git $(echo push) origin`): the rules some value can hit decide
   * (decide.ts), not only the text as written.
   */
  spellings?: Segment[][];
  /**
   * The reference's other spellings of the unit (39.0.3, 40.0.0): the command
   * word with `~`/`$HOME` made absolute, and every path argument made
   * absolute against the directory the command runs in. The last rule that
   * matches any spelling decides.
   */
  alsoSpelled?: string[];
  /**
   * Index of the unit this one spells plainly (`\\rm x` → `rm x`). Like the
   * reference's spellings, a later rule matching the unit as written wins
   * over this spelling, except that a deny matching this spelling holds.
   */
  respells?: number;
  /** Command name after quote removal and absolute-path stripping. */
  resolvedName?: string;
  /** A unit permc adds beyond the reference. */
  derived?: true;
  derivation?: Derivation;
  /** Floor: an `allow` for this unit becomes `ask` with `<unparseable-bash-command>`. */
  unparseable?: true;
}

export interface BashSplit {
  /** The command that was split: the input, trimmed. */
  command: string;
  units: BashUnit[];
  /** tree-sitter found an ERROR or MISSING node in the command. */
  hasError: boolean;
  /** Longer than `maxLength`: not parsed. */
  tooLarge: boolean;
  /** The parser or the walk failed; nothing can be trusted. */
  failed: boolean;
  /** Empty or blank after trimming: not parsed (the reference resolves `""` whole). */
  empty: boolean;
  /** Every non-blank line is a comment: resolved whole. */
  commentOnly: boolean;
  /** Tokens for the bash `path` gate (reference shapes, plus permc's stricter extras marked `derived`). */
  ruleCandidates: PathCandidate[];
  /** Lexical paths outside the cwd, for the bash `external_directory` gate. */
  externalPaths: string[];
  /** What the command does with each of them (parallel to `externalPaths`): read, write or both. */
  externalRoles: Array<"read" | "write" | "both">;
  /** Bare file names: the gate promotes them when a specific path rule denies or asks (#509). */
  bareTokens: PathCandidate[];
  /** Path words that are not one known path: globs, braces, unknown values, paths after an unknown `cd`. */
  pathPatterns: PathPatternCandidate[];
  /** Error message when `failed`. */
  error?: string;
}

export interface SplitOptions {
  /**
   * Whether bare words are probed on disk to become paths (23.0.0). Off
   * only when no path rule could ask or deny (the gate knows): the probe is
   * a system call per word.
   */
  probeBareNames?: boolean;
  /** CDPATH of the environment the command runs in: a relative `cd` may then go elsewhere. */
  cdpath?: string;
  /** Longest command parsed, in UTF-16 units (default 100,000). */
  maxLength?: number;
  /** Working directory for path resolution (default `process.cwd()`). */
  cwd?: string;
  /** Home directory for `~` and `$HOME` (default `os.homedir()`). */
  home?: string;
  /** Canonicalises an absolute path (default: realpath of its longest existing prefix). */
  realpath?: (absolute: string) => string;
}

export const DEFAULT_MAX_LENGTH = 100_000;
/** Nesting of re-parsed shell source (`bash -c "bash -c '…'"`). */
const MAX_DEPTH = 8;
/** Re-parses per split (payloads, reparsed backticks); characters re-parsed are capped too. */
const MAX_SUBPARSES = 256;
const MAX_UNITS = 200_000;
/**
 * Unit texts may overlap (a nested substitution's unit holds the next one),
 * so their total length can grow with the square of the input. Past this
 * many characters per input character (or a floor for short inputs) the
 * split stops and the command is unparseable: `ask`, in bounded time and
 * memory.
 */
const UNIT_TEXT_PER_CHAR = 16;
const MIN_UNIT_TEXT_BUDGET = 1_000_000;

const TRANSPARENT = new Set(["program", "list", "pipeline", "redirected_statement"]);
const REDIRECTS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);
const SUBSTITUTIONS = new Set(["command_substitution", "process_substitution"]);

const enum Mode {
  /** The reference's enumeration rules. */
  Ref,
  /** Inside a reference command: substitutions go back to Ref; other commands are derived. */
  Search,
  /** Inside something the reference does not descend: every command is derived. */
  Derived,
}

interface Frame {
  node: SyntaxNode;
  ctx: string | undefined;
  mode: Mode;
  /** Standard input is fed (pipe, redirect, heredoc). */
  stdin: boolean;
  stdinText: string | null;
  /** Text a heredoc feeds into the pipeline that follows its operator. */
  pipeText: string | null;
  /** The heredoc this body belongs to has a quoted delimiter: the body is literal. */
  literalBody: boolean;
}

interface Budget {
  parses: number;
  chars: number;
  maxChars: number;
}

interface Env {
  parser: BashParser;
  home: string;
  /** What `~` and `$HOME` mean in paths: null when the command reassigns HOME. */
  pathHome: string | null;
  /** CDPATH is set where the command runs. */
  cdpath: boolean;
  budget: Budget;
  units: BashUnit[];
  tokens: RawPathToken[];
  patterns: RawPathPattern[];
  symlinks: Array<{ readonly name: string; readonly target: string }>;
  /** Characters of unit text still allowed (UNIT_TEXT_PER_CHAR). */
  textBudget: number;
  /** Files the command writes, and files it runs as code: a file written then run is a two-step (issue 11 §5). */
  written: Set<string>;
  executed: Array<{ readonly key: string; readonly text: string; readonly ctx: string | undefined }>;
  overflow: boolean;
}

/**
 * The command may change HOME (an assignment, `export`, `read`, `unset`, a
 * nameref…): any mention of the name that is not an expansion of it. Then
 * `~` and `$HOME` in its paths are unknown (stricter than the reference,
 * which resolves them or drops the token, 36.2.1).
 */
export function mayReassignHome(src: string): boolean {
  return /(?:^|[^$\w{])HOME\b/.test(src);
}

/** Split `command` (trimmed first, as the gate does). Never throws. */
export function splitBash(parser: BashParser, command: string, opts: SplitOptions = {}): BashSplit {
  const trimmed = typeof command === "string" ? command.trim() : "";
  const result: BashSplit = {
    command: trimmed,
    units: [],
    hasError: false,
    tooLarge: false,
    failed: false,
    empty: trimmed === "",
    commentOnly: false,
    ruleCandidates: [],
    externalPaths: [],
    externalRoles: [],
    bareTokens: [],
    pathPatterns: [],
  };
  if (result.empty) return result;
  result.commentOnly = isCommentOnly(trimmed);
  const maxLength = opts.maxLength ?? DEFAULT_MAX_LENGTH;
  if (trimmed.length > maxLength) {
    result.tooLarge = true;
    return result;
  }
  try {
    const home = opts.home ?? homedir();
    const cwd = opts.cwd ?? process.cwd();
    const env: Env = {
      parser,
      home,
      pathHome: mayReassignHome(trimmed) ? null : home,
      cdpath: opts.cdpath !== undefined && opts.cdpath !== "",
      budget: { parses: 0, chars: 0, maxChars: Math.max(4 * trimmed.length, 100_000) },
      units: result.units,
      tokens: [],
      patterns: [],
      symlinks: [],
      textBudget: Math.max(UNIT_TEXT_PER_CHAR * trimmed.length, MIN_UNIT_TEXT_BUDGET),
      written: new Set(),
      executed: [],
      overflow: false,
    };
    const base: PathBase = { known: true, dir: cwd };
    const parsed = analyseSource(env, trimmed, undefined, Mode.Ref, 0, base);
    if (parsed === null) {
      result.failed = true;
      result.error = "tree-sitter returned no tree";
      result.units.length = 0;
      return result;
    }
    result.hasError = parsed;
    // What bash really runs when its reading of the text differs from tree-sitter's.
    const reading = bashReading(parser, trimmed);
    if (!reading.settled) {
      push(env, { text: trimmed, derived: true, derivation: "unparseable", unparseable: true });
    } else if (reading.text !== trimmed) {
      subParse(env, reading.text, undefined, 1, base, "bash-reading");
      for (const u of env.units) u.text = standInsToOriginal(u.text);
    }
    for (const run of env.executed) {
      if (!env.written.has(run.key)) continue;
      push(env, { text: run.text, context: run.ctx, derived: true, derivation: "two-step", floor: { kind: "opaque", reason: "it runs a file the same command writes, whose code permc cannot see" } });
    }
    if (env.overflow) {
      result.units.push({ text: trimmed, derived: true, derivation: "unparseable", unparseable: true });
    }
    const paths = classifyPaths(env.tokens, { cwd, home, realpath: opts.realpath, probeBareNames: opts.probeBareNames ?? true }, env.patterns, env.symlinks);
    result.pathPatterns = paths.patterns;
    result.ruleCandidates = paths.ruleCandidates;
    result.externalPaths = paths.externalPaths;
    result.externalRoles = paths.externalRoles;
    result.bareTokens = paths.bareTokens;
  } catch (err) {
    result.failed = true;
    result.error = err instanceof Error ? err.message : String(err);
    result.units = [];
    result.ruleCandidates = [];
    result.externalPaths = [];
    result.bareTokens = [];
  }
  return result;
}

/** Every non-blank line starts with `#` (lines split on `\n`, as the reference does). */
export function isCommentOnly(command: string): boolean {
  let sawComment = false;
  for (const line of command.split("\n")) {
    const t = line.trim();
    if (t === "") continue;
    if (!t.startsWith("#")) return false;
    sawComment = true;
  }
  return sawComment;
}

/**
 * Parse `src` and append its units. Returns the tree's hasError, or null if
 * the parser gave no tree. `mode` is Ref only for the top-level command.
 */
function analyseSource(env: Env, src: string, ctx: string | undefined, mode: Mode, depth: number, base: PathBase): boolean | null {
  const tree = env.parser.parse(src);
  if (tree === null) return null;
  let root: SyntaxNode;
  let hasError: boolean;
  try {
    hasError = tree.rootNode.hasError;
    root = copyTree(tree);
    glueTouchingWords(root);
    reattachRedirectWords(root);
  } finally {
    tree.delete();
  }
  const paths = new PathCollector(src, env.pathHome, base, mode !== Mode.Ref, env.cdpath);
  paths.collect(root);
  for (const t of paths.tokens) env.tokens.push(t);
  for (const p of paths.patterns) env.patterns.push(p);
  for (const l of paths.symlinks) env.symlinks.push(l);
  walk(env, src, root, ctx, mode, depth, paths);
  return hasError;
}

/** Parse shell source found inside a command (payload); all its units are derived. */
function subParse(env: Env, src: string, ctx: string | undefined, depth: number, base: PathBase, derivation: Derivation): void {
  if (src.trim() === "") return;
  const b = env.budget;
  if (depth > MAX_DEPTH || b.parses >= MAX_SUBPARSES || b.chars + src.length > b.maxChars) {
    push(env, { text: src, context: ctx, derived: true, derivation: "unparseable", unparseable: true });
    return;
  }
  b.parses++;
  b.chars += src.length;
  const start = env.units.length;
  const hasError = analyseSource(env, src, ctx, Mode.Derived, depth, base);
  for (let i = start; i < env.units.length; i++) {
    const u = env.units[i] as BashUnit;
    if (u.derivation === "nested") u.derivation = derivation;
  }
  if (hasError !== false) {
    push(env, { text: src, context: ctx, derived: true, derivation: "unparseable", unparseable: true });
  }
}

function push(env: Env, unit: BashUnit): void {
  env.textBudget -= unit.text.length;
  if (env.units.length >= MAX_UNITS || env.textBudget < 0) {
    env.overflow = true;
    return;
  }
  if (unit.context === undefined) delete unit.context;
  env.units.push(unit);
}

function walk(env: Env, src: string, root: SyntaxNode, ctx0: string | undefined, mode0: Mode, depth: number, paths: PathCollector): void {
  const stack: Frame[] = [
    { node: root, ctx: ctx0, mode: mode0, stdin: false, stdinText: null, pipeText: null, literalBody: false },
  ];
  while (stack.length > 0) {
    if (env.overflow) return;
    const f = stack.pop() as Frame;
    const node = f.node;
    if (!node.isNamed) continue;
    const type = node.type;
    if (type === "comment" || type === "heredoc_end" || type === "heredoc_start") continue;
    if (type === "file_redirect") noteRedirectWrite(env, src, node);

    if (f.mode === Mode.Ref) {
      if (REDIRECTS.has(type) || type === "heredoc_body") {
        pushChildren(stack, node, f, Mode.Derived, f.ctx, src, env);
        continue;
      }
      if (type === "command") {
        emitCommand(env, src, node, f, true, depth, paths);
        pushChildren(stack, node, f, Mode.Search, f.ctx, src, env);
        continue;
      }
      if (type === "subshell") {
        push(env, unitOf(src, node, f.ctx));
        pushChildren(stack, node, f, Mode.Ref, "subshell", src, env);
        continue;
      }
      if (TRANSPARENT.has(type)) {
        pushChildren(stack, node, f, Mode.Ref, f.ctx, src, env);
        continue;
      }
      // Everything else is matched whole by the reference; permc looks inside too.
      push(env, unitOf(src, node, f.ctx));
      if (type === "variable_assignment") hijack(env, src, node, f.ctx, depth, paths);
      if (type === "declaration_command" || type === "unset_command" || type === "test_command") evaluatedArguments(env, src, node, f.ctx, depth, paths);
      if (type === "ERROR") recoverWords(env, src, node.children, f, depth, paths);
      pushChildren(stack, node, f, Mode.Derived, f.ctx, src, env);
      continue;
    }

    // Search and Derived modes.
    if (type === "expansion" || type === "subscript") evaluatedText(env, src, node, f.ctx, depth, paths);
    if (type === "variable_assignment") hijack(env, src, node, f.ctx, depth, paths);
    if (type === "ERROR") recoverWords(env, src, node.children, f, depth, paths);
    if (SUBSTITUTIONS.has(type)) {
      reparseEscapedBackticks(env, src, node, type, depth, paths);
      pushChildren(stack, node, f, f.mode === Mode.Search ? Mode.Ref : Mode.Derived, type, src, env);
      continue;
    }
    if (type === "command") {
      emitCommand(env, src, node, f, false, depth, paths);
      pushChildren(stack, node, f, f.mode, f.ctx, src, env);
      continue;
    }
    if (type === "subshell") {
      pushChildren(stack, node, f, f.mode, "subshell", src, env);
      continue;
    }
    if (type === "heredoc_body") {
      if (f.literalBody) continue;
      reparseHeredocBackticks(env, src, node, depth, paths);
      pushChildren(stack, node, f, f.mode, f.ctx, src, env);
      continue;
    }
    pushChildren(stack, node, f, f.mode, f.ctx, src, env);
  }
}

function unitOf(src: string, node: SyntaxNode, ctx: string | undefined): BashUnit {
  const u: BashUnit = { text: src.slice(node.startIndex, node.endIndex) };
  if (ctx !== undefined) u.context = ctx;
  return u;
}

/** Push children in reverse so they pop in source order, with their stdin facts. */
function pushChildren(stack: Frame[], node: SyntaxNode, f: Frame, mode: Mode, ctx: string | undefined, src: string, env: Env): void {
  const children = node.children;
  const n = children.length;
  if (n === 0) return;
  const type = node.type;
  let redirIn = false;
  let redirText: string | null = null;
  let pipeText = f.pipeText;
  let literalBody = false;
  if (type === "redirected_statement") {
    for (const c of children) {
      if (c === null) continue;
      const input = inputRedirect(c, src, env.home);
      if (input !== undefined) {
        redirIn = true;
        if (input !== null) redirText = input;
      }
    }
  } else if (type === "heredoc_redirect") {
    for (const c of children) {
      if (c === null) continue;
      if (c.type === "heredoc_start") literalBody = /['"\\]/.test(src.slice(c.startIndex, c.endIndex));
      if (c.type === "heredoc_body") pipeText = src.slice(c.startIndex, c.endIndex);
    }
  }
  const frames: Frame[] = new Array<Frame>(n);
  let seenNamed = false;
  let prevNamed: SyntaxNode | null = null;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const c = children[i];
    if (c === null || c === undefined) continue;
    if (!c.isNamed) continue;
    let stdin = f.stdin;
    let stdinText = f.stdinText;
    const prev = i > 0 ? children[i - 1] : null;
    const afterPipe = prev !== null && prev !== undefined && !prev.isNamed && (prev.type === "|" || prev.type === "|&");
    if (afterPipe || (type === "pipeline" && seenNamed)) {
      stdin = true;
      stdinText = echoedText(prevNamed, src, env.home) ?? pipeText;
    } else if (type === "redirected_statement" && !REDIRECTS.has(c.type) && redirIn) {
      stdin = true;
      stdinText = redirText;
    }
    seenNamed = true;
    prevNamed = c;
    frames[count++] = { node: c, ctx, mode, stdin, stdinText, pipeText, literalBody };
  }
  for (let i = count - 1; i >= 0; i--) stack.push(frames[i] as Frame);
}

/** What `echo …` or `printf …` writes into a pipe, when its words are static. */
function echoedText(node: SyntaxNode | null, src: string, home: string): string | null {
  if (node === null || node.type !== "command") return null;
  const words: string[] = [];
  let named = false;
  for (const c of node.namedChildren) {
    if (c === null) continue;
    if (c.type === "command_name") {
      const name = cookWord(c.namedChildren[0] ?? c, src, { home }).value;
      if (name !== "echo" && name !== "printf") return null;
      named = true;
      continue;
    }
    if (!named || c.type === "file_redirect" || c.type === "herestring_redirect") continue;
    const w = cookWord(c, src, { home });
    if (words.length === 0 && /^-[neE]+$/.test(w.value ?? "")) continue;
    words.push(w.loose);
  }
  return named && words.length > 0 ? words.join(" ") : null;
}

/**
 * An input redirect: undefined if `node` is not one; otherwise the static
 * text it feeds (heredoc body, here-string), or null when unknown.
 */
function inputRedirect(node: SyntaxNode, src: string, home: string): string | null | undefined {
  if (node.type === "heredoc_redirect") {
    for (const c of node.children) {
      if (c !== null && c.type === "heredoc_body") return src.slice(c.startIndex, c.endIndex);
    }
    return null;
  }
  if (node.type === "herestring_redirect") {
    const word = node.namedChildren[0];
    return word === undefined || word === null ? null : cookWord(word, src, { home }).loose;
  }
  if (node.type === "file_redirect") {
    let descriptor: string | null = null;
    for (const c of node.children) {
      if (c === null) continue;
      if (c.type === "file_descriptor") descriptor = src.slice(c.startIndex, c.endIndex);
      if (!c.isNamed && (c.type === "<" || c.type === "<&" || c.type === "<>" || c.type === "<&-")) {
        return descriptor === null || descriptor === "0" ? null : undefined;
      }
    }
  }
  return undefined;
}

/** Emit a `command` node's unit, then permc's units for it. */
function emitCommand(env: Env, src: string, node: SyntaxNode, f: Frame, isRef: boolean, depth: number, paths: PathCollector): void {
  const children = node.children;
  let textStart = -1;
  let nameNode: SyntaxNode | null = null;
  const words: Word[] = [];
  const refNamed: SyntaxNode[] = [];
  let leadingAssignments = true;
  let stdin = f.stdin;
  let stdinText = f.stdinText;
  for (const c of children) {
    if (c === null) continue;
    if (c.isNamed) {
      if (leadingAssignments && c.type === "variable_assignment") continue;
      leadingAssignments = false;
      if (textStart < 0) textStart = c.startIndex;
      refNamed.push(c);
    }
    if (c.type === "command_name") {
      nameNode = c;
      const inner = c.namedChildren[0] ?? c;
      words.push(cookWord(inner, src, { home: env.home }));
      continue;
    }
    if (c.type === "herestring_redirect" || c.type === "file_redirect") {
      const input = inputRedirect(c, src, env.home);
      if (input !== undefined) {
        stdin = true;
        if (input !== null) stdinText = input;
      }
      continue;
    }
    // `time ( … )`: the keyword times the subshell, which the walk descends; it is not an argument.
    if (c.type === "subshell" && words.length === 1 && words[0]?.raw === "time") continue;
    if (nameNode !== null && c.type !== "comment") words.push(cookWord(c, src, { home: env.home }));
  }
  // Words moved back from a redirect (syntax.ts) may end after the node tree-sitter gave.
  const end = children.reduce((e, c) => Math.max(e, c.endIndex), node.endIndex);
  const text = textStart < 0 ? "" : src.slice(textStart, end);
  let refKind: WrapperKind | null = null;
  const refName = refNamed[0];
  if (refName !== undefined) {
    refKind = referenceWrapperKind(
      src.slice(refName.startIndex, refName.endIndex),
      refNamed.slice(1).map((a) => src.slice(a.startIndex, a.endIndex)),
    );
  }
  if (nameNode === null) {
    // No command name (cannot happen in tree-sitter-bash 0.25.1, but be safe).
    const u = unitOf(src, node, f.ctx);
    u.text = text;
    if (isRef) {
      if (refKind !== null) {
        u.wrapperKind = refKind;
        u.floor = { kind: refKind, reason: REFERENCE_FLOOR_REASON[refKind] };
      }
    } else {
      u.derived = true;
      u.derivation = "nested";
      u.unparseable = true;
    }
    push(env, u);
    return;
  }
  const view: CommandView = { words, src, stdin, stdinText };
  const base = paths.baseAt(node.startIndex);
  analyseView(env, view, text, f.ctx, isRef, refKind, isRef ? undefined : "nested", depth, base);
  if (words[0] !== undefined && words[0].value !== null && EVALUATING_BUILTINS.has(words[0].value)) evaluatedArguments(env, src, node, f.ctx, depth, paths);
  // `sudo f() { rm x; }`: tree-sitter keeps the words after an ERROR in the command.
  const errorAt = children.findIndex((c) => c !== null && c.type === "ERROR");
  if (errorAt >= 0) recoverWords(env, src, children.slice(errorAt + 1), f, depth, paths);
}

const WORD_LIKE = new Set([
  "word", "string", "raw_string", "concatenation", "number", "simple_expansion", "expansion",
  "ansi_c_string", "translated_string", "command_name",
]);

/**
 * Error recovery: each run of words in a broken region is judged as a
 * command, so `$(/bin/rm")` or `cat <<EOF; rm x` still shows `rm`.
 */
function recoverWords(env: Env, src: string, children: ReadonlyArray<SyntaxNode | null>, f: Frame, depth: number, paths: PathCollector): void {
  let run: Word[] = [];
  let runStart = -1;
  const flush = (): void => {
    if (run.length > 0) {
      const view: CommandView = { words: run, src, stdin: f.stdin, stdinText: f.stdinText };
      analyseView(env, view, wordsText(run, src), f.ctx, false, null, "recovered", depth, paths.baseAt(runStart));
    }
    run = [];
  };
  for (const c of children) {
    if (c === null) continue;
    if (c.isNamed && WORD_LIKE.has(c.type)) {
      if (run.length === 0) runStart = c.startIndex;
      run.push(cookWord(c.type === "command_name" ? (c.namedChildren[0] ?? c) : c, src, { home: env.home }));
    } else {
      flush();
    }
  }
  flush();
}

interface PendingView {
  view: CommandView;
  text: string;
  isRef: boolean;
  refKind: WrapperKind | null;
  derivation: Derivation | undefined;
}

/** The unit for one simple command, then normalised, floored, unwrapped and payload units. */
function analyseView(
  env: Env, view0: CommandView, text0: string, ctx: string | undefined, isRef0: boolean,
  refKind0: WrapperKind | null, derivation0: Derivation | undefined, depth: number, base: PathBase,
): void {
  const todo: PendingView[] = [{ view: view0, text: text0, isRef: isRef0, refKind: refKind0, derivation: derivation0 }];
  let steps = 0;
  while (todo.length > 0) {
    if (++steps > 64) {
      push(env, { text: text0, context: ctx, derived: true, derivation: "unparseable", unparseable: true });
      return;
    }
    const { view, text, isRef, refKind, derivation } = todo.shift() as PendingView;
    const a = analyseCommand(view);
    const args = view.words.slice(1).map((w) => w.value ?? w.raw);
    // The reference's floor for the same text stays unless permc judges the wrapped command exactly.
    const referenceKind = refKind ?? (isRef || a.name === null ? null : referenceWrapperKind(a.name, args));
    const referenceFloor: Floor | undefined =
      referenceKind !== null && !a.exact ? { kind: referenceKind, reason: REFERENCE_FLOOR_REASON[referenceKind] } : undefined;
    const ownFloor = floorOf(a);
    const unit: BashUnit = { text };
    if (ctx !== undefined) unit.context = ctx;
    if (isRef) {
      if (refKind !== null) unit.wrapperKind = refKind;
      // The reference's floor, with permc's reason when permc has one.
      if (referenceFloor !== undefined) unit.floor = ownFloor !== undefined ? { kind: referenceFloor.kind, reason: ownFloor.reason } : referenceFloor;
    } else {
      const floor = ownFloor ?? referenceFloor;
      if (floor !== undefined) unit.floor = floor;
      unit.derived = true;
      if (derivation !== undefined) unit.derivation = derivation;
    }
    if (a.name !== null) unit.resolvedName = a.name;
    if (a.exact) unit.exactWrapper = true;
    const also = otherSpellings(env, view, text, base);
    if (also.length > 0) unit.alsoSpelled = also;
    const unitIndex = env.units.length;
    push(env, unit);

    // A reference unit that permc floors otherwise than the reference does: add a floored twin that says why.
    if (isRef && ownFloor !== undefined && ownFloor.kind !== unit.floor?.kind) {
      push(env, {
        text, context: ctx, floor: ownFloor, derived: true,
        derivation: a.dynamic ?? "wrapper-floor",
        ...(a.name !== null ? { resolvedName: a.name } : {}),
      });
    }

    // The same command spelled plainly: `\rm -rf x`, `'rm' -rf x`, `/bin/rm -rf x`, `git  push`.
    if (a.name !== null) {
      const plain = [a.name, ...args].join(" ");
      const spellings = spellingOf(a.name, view.words.slice(1));
      if (plain !== text || spellings !== undefined) {
        const u: BashUnit = { text: plain, derived: true, derivation: "normalised", resolvedName: a.name, respells: unitIndex };
        if (spellings !== undefined) u.spellings = spellings;
        const plainAlso = otherSpellings(env, { ...view, words: [{ ...(view.words[0] as Word), raw: a.name }, ...view.words.slice(1)] }, plain, base);
        if (plainAlso.length > 0) u.alsoSpelled = plainAlso;
        if (ctx !== undefined) u.context = ctx;
        const floor = ownFloor ?? referenceFloor;
        if (floor !== undefined) u.floor = floor;
        push(env, u);
      }
    }

    for (const payload of a.payloads) subParse(env, payload, "payload", depth + 1, base, "payload");
    notePaths(env, a, view, base);
    noteTwoSteps(env, a, view, base, text, ctx);

    const inner: InnerCommand[] = [...a.inner];
    const keyword = a.name !== null && MISPARSED_KEYWORDS.has(a.name) && view.words.length > 1;
    if (keyword) inner.push({ words: view.words.slice(1), text: wordsText(view.words.slice(1), view.src) });
    for (const ic of inner) {
      todo.push({
        view: { words: ic.words, src: view.src, stdin: view.stdin, stdinText: view.stdinText },
        text: ic.text,
        isRef: false,
        refKind: null,
        derivation: keyword ? "nested" : "unwrapped",
      });
    }
  }
}

/**
 * The reference's other spellings of a command (39.0.3, 40.0.0): the command
 * word typed with a `~/`, `$HOME/` or `${HOME}/` prefix, spelled with the
 * home directory (its arguments as typed); and the command with every path
 * argument (a word with `/`, or starting with `.` or `~`) made absolute
 * against the directory it runs in. None when the command may reassign
 * HOME, after a `cd` permc could not follow, or when a word holds a value
 * permc cannot know.
 */
function otherSpellings(env: Env, view: CommandView, text: string, base: PathBase): string[] {
  const words = view.words;
  const first = words[0];
  const home = env.pathHome;
  if (first === undefined || home === null || words.some((w) => w.value === null)) return [];
  const out: string[] = [];
  if (/^(?:~|\$HOME|\$\{HOME\})\//.test(first.raw) && text.startsWith(first.raw)) out.push((first.value as string) + text.slice(first.raw.length));
  if (!base.known) return out;
  let changed = false;
  const spelled = words.slice(1).map((w) => {
    const v = w.value as string;
    if (w.pattern || v === "" || v.startsWith("-") || !(v.includes("/") || v.startsWith(".") || v.startsWith("~"))) return w.raw;
    changed = true;
    return resolvePath(base.dir, v.startsWith("~/") ? home + v.slice(1) : v);
  });
  if (changed) out.push([first.raw, ...spelled].join(" "));
  return out;
}

/**
 * Where a file name points, for matching a file written with one run in the
 * same command. The base name alone is the key: the directory a redirect
 * resolves against is not always known at that point, and a false match
 * only asks.
 */
function fileKey(value: string): string {
  const trimmed = value.replace(/\/+$/, "");
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** Files this command writes (write roles, `cp`'s destination) and the files it runs as code. */
function noteTwoSteps(env: Env, a: Analysis, view: CommandView, base: PathBase, text: string, ctx: string | undefined): void {
  for (const use of a.paths) if (use.role === "write" && use.word.value !== null) env.written.add(fileKey(use.word.value));
  if (a.name !== null && WRITES_LAST_OPERAND.has(a.name)) {
    const last = view.words[view.words.length - 1];
    if (view.words.length > 2 && last?.value != null) env.written.add(fileKey(last.value));
  }
  const runs = [...a.scripts.map((w) => w.value)];
  const name = view.words[0]?.value;
  if (name != null && name.includes("/")) runs.push(name);
  if ((a.name === "source" || a.name === ".") && view.words[1]?.value != null) runs.push(view.words[1].value);
  for (const r of runs) if (r !== null) env.executed.push({ key: fileKey(r), text, ctx });
}

/** An output redirect (`>`, `>>`, `>|`, `&>`) writes its target. */
function noteRedirectWrite(env: Env, src: string, node: SyntaxNode): void {
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

/** The words as segments when some of them hold values permc cannot know; undefined when all are known. */
function spellingOf(name: string, args: readonly Word[]): Segment[][] | undefined {
  if (args.every((w) => w.value !== null)) return undefined;
  // An unknown word is a space and any text, or (unquoted and empty) no word at all.
  const present: Segment[] = [{ kind: "text", text: name }];
  const absent: Segment[] = [{ kind: "text", text: name }];
  for (const w of args) {
    if (w.value === null) {
      present.push({ kind: "text", text: " " }, { kind: "any" });
    } else {
      present.push({ kind: "text", text: " " + w.value });
      absent.push({ kind: "text", text: " " + w.value });
    }
  }
  return [present, absent];
}

/**
 * Paths the program knowledge names (a sed script's `r` file, find's start
 * points, tar's `-f`), and the directories a recursive command walks.
 */
function notePaths(env: Env, a: Analysis, view: CommandView, base: PathBase): void {
  for (const use of a.paths) {
    const v = use.word.value;
    const role = use.role === "read" || use.role === "write" ? use.role : "both";
    if (v !== null && v !== "") env.tokens.push({ token: v, base, derived: true, role });
    else if (v === null) env.patterns.push({ token: use.word.raw, alternatives: wordPattern(use.word.raw, { home: env.pathHome, pwd: base.known ? base.dir : null }), base, kind: "unknown", role });
  }
  // `tar -C /etc -czf x.tgz passwd`, `make -C dir`: relative operands may be read from the directory it moves to.
  for (const use of a.paths) {
    const dir = use.role === "chdir" ? use.word.value : null;
    if (dir === null || !base.known) continue;
    const into = resolvePath(base.dir, dir);
    for (const w of view.words.slice(1)) {
      const v = w.value;
      if (v === null || v === "" || v === dir || v.startsWith("-") || v.startsWith("/")) continue;
      env.tokens.push({ token: resolvePath(into, v), base, derived: true });
    }
  }
  if (!a.recursive) return;
  for (const w of view.words.slice(1)) {
    if (w.value !== null && w.value !== "" && !w.value.startsWith("-")) env.tokens.push({ token: w.value, base, derived: true, tree: true });
  }
}

const REFERENCE_FLOOR_REASON: Readonly<Record<WrapperKind, string>> = {
  opaque: "it hands code to a shell or interpreter",
  indirection: "it runs another command",
};

function floorOf(a: Analysis): Floor | undefined {
  return a.kind === null ? undefined : { kind: a.kind, reason: a.reason ?? REFERENCE_FLOOR_REASON[a.kind] };
}

/**
 * Reserved words that tree-sitter sometimes parses as a command name
 * (`then rm x`, `time { rm x; }`, `coproc w { … }`): bash runs what follows.
 */
const MISPARSED_KEYWORDS: ReadonlySet<string> = new Set(["{", "!", "then", "do", "else", "elif", "if", "while", "until"]);

/** `PATH=…`, `LD_PRELOAD=…`, `PAGER=…`: a floor, and the command line inside, if any. */
function hijack(env: Env, src: string, node: SyntaxNode, ctx: string | undefined, depth: number, paths: PathCollector): void {
  const nameNode = node.namedChildren[0];
  if (nameNode === undefined || nameNode === null) return;
  const name = src.slice(nameNode.startIndex, nameNode.endIndex);
  if (!isHijackVariable(name)) return;
  const text = src.slice(node.startIndex, node.endIndex);
  push(env, { text, context: ctx, floor: { kind: "opaque", reason: `${name} changes what later commands run` }, derived: true, derivation: "env-hijack" });
  const valueNode = node.namedChildren[1];
  if (valueNode === undefined || valueNode === null || !COMMAND_VARIABLES.has(name)) return;
  subParse(env, cookWord(valueNode, src, { home: env.home }).loose, "payload", depth + 1, paths.baseAt(node.startIndex), "payload");
}

/** Leaves tree-sitter keeps as text inside `${…}`: a `${x#$(…)}` pattern, a `${x-`…`}` word. */
const EXPANSION_TEXT = new Set(["regex", "word", "raw_string", "string_content"]);
/** Arguments bash evaluates as arithmetic or as variable names (which may hold subscripts). */
const EVALUATING_BUILTINS = new Set(["let", "declare", "typeset", "local", "readonly", "export", "unset", "read", "printf", "mapfile", "readarray", "test", "[", "getopts", "wait"]);
const SUBSCRIPT_WITH_CODE = /\[[^\]]*(?:\$\(|`|\$\{)/;

/**
 * Text bash reads again as code: an expansion's operand (`${x#$(rm y)}`),
 * a prompt expansion of a value (`${x@P}`), an array subscript with a quoted
 * substitution (`${a['$(rm y)']}`). Substitutions written there run: they
 * are parsed and judged; a form permc cannot follow is floored.
 */
function evaluatedText(env: Env, src: string, node: SyntaxNode, ctx: string | undefined, depth: number, paths: PathCollector): void {
  const raw = src.slice(node.startIndex, node.endIndex);
  const base = paths.baseAt(node.startIndex);
  const floor = (reason: string): void => {
    push(env, { text: raw, context: ctx, floor: { kind: "opaque", reason }, derived: true, derivation: "evaluated-text" });
  };
  if (node.type === "expansion") {
    if (/@P\s*\}$/.test(raw)) floor("${…@P} expands the value as a prompt, which runs command substitutions");
    for (const c of node.children) {
      if (!EXPANSION_TEXT.has(c.type)) continue;
      for (const code of hiddenSubstitutions(src.slice(c.startIndex, c.endIndex))) subParse(env, code, "command_substitution", depth + 1, base, "evaluated-text");
    }
    return;
  }
  // A subscript is arithmetic: quoted text inside it is expanded and evaluated too.
  for (const c of node.namedChildren) {
    if (c.type !== "raw_string" && c.type !== "string") continue;
    const text = src.slice(c.startIndex, c.endIndex);
    const codes = hiddenSubstitutions(c.type === "raw_string" ? text.slice(1, -1) : text);
    if (codes.length === 0 && !/[$`]/.test(text)) continue;
    floor("an array subscript is evaluated as arithmetic, and runs the substitutions written in it");
    for (const code of codes) subParse(env, code, "command_substitution", depth + 1, base, "evaluated-text");
  }
}

/** `let 'a[$(rm y)]=1'`, `declare -n r='a[$(rm y)]'`, `printf -v 'a[$(…)]'`: a name or expression holding a substitution. */
function evaluatedArguments(env: Env, src: string, node: SyntaxNode, ctx: string | undefined, depth: number, paths: PathCollector): void {
  const stack: SyntaxNode[] = [...node.namedChildren];
  while (stack.length > 0) {
    const c = stack.pop() as SyntaxNode;
    if (c.type === "raw_string" || c.type === "string" || c.type === "word" || c.type === "concatenation") {
      const value = cookWord(c, src, { home: env.home }).loose;
      if (!SUBSCRIPT_WITH_CODE.test(value)) continue;
      push(env, {
        text: src.slice(c.startIndex, c.endIndex), context: ctx, derived: true, derivation: "evaluated-text",
        floor: { kind: "opaque", reason: "a variable name with a subscript is evaluated as arithmetic, which runs the substitutions in it" },
      });
      for (const code of hiddenSubstitutions(value)) subParse(env, code, "command_substitution", depth + 1, paths.baseAt(node.startIndex), "evaluated-text");
    } else {
      for (const g of c.namedChildren) stack.push(g);
    }
  }
}

/** `` echo `echo \`ls\`` ``: tree-sitter leaves the inner substitution as a word. */
function reparseEscapedBackticks(env: Env, src: string, node: SyntaxNode, type: string, depth: number, paths: PathCollector): void {
  const raw = src.slice(node.startIndex, node.endIndex).trimStart();
  if (!raw.startsWith("`") || !raw.includes("\\`")) return;
  const inner = raw.slice(1, raw.endsWith("`") && raw.length > 1 ? -1 : undefined);
  const unescaped = inner.replace(/\\([\\`$])/g, "$1");
  subParse(env, unescaped, type, depth + 1, paths.baseAt(node.startIndex), "reparsed");
}

/** Backticks in an unquoted heredoc body run, but tree-sitter leaves them as text. */
function reparseHeredocBackticks(env: Env, src: string, node: SyntaxNode, depth: number, paths: PathCollector): void {
  const raw = src.slice(node.startIndex, node.endIndex);
  if (!raw.includes("`")) return;
  // Blank out what tree-sitter did parse (substitutions, expansions).
  let text = "";
  let cursor = node.startIndex;
  for (const c of node.namedChildren) {
    if (c === null || c.type === "heredoc_content") continue;
    text += src.slice(cursor, Math.max(cursor, c.startIndex));
    cursor = Math.max(cursor, c.endIndex);
    text += " ";
  }
  text += src.slice(cursor, node.endIndex);
  for (const seg of backtickSegments(text)) {
    subParse(env, seg, "command_substitution", depth + 1, paths.baseAt(node.startIndex), "reparsed");
  }
}

/** Contents of unescaped backtick pairs; an unterminated one runs to the end. */
export function backtickSegments(text: string): string[] {
  const out: string[] = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\\") {
      i++;
      continue;
    }
    if (ch !== "`") continue;
    if (open < 0) {
      open = i + 1;
    } else {
      out.push(text.slice(open, i).replace(/\\([\\`$])/g, "$1"));
      open = -1;
    }
  }
  if (open >= 0) out.push(text.slice(open));
  return out;
}
