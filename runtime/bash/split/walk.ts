/**
 * The walk over one parsed tree: the reference's units in its order and
 * with its exact texts (`Mode.Ref`), and permc's derived units inside
 * everything the reference matches whole (`Mode.Search`, `Mode.Derived`).
 * It is iterative (an explicit stack), so a long `&&` chain, which
 * tree-sitter nests to the left, cannot overflow the JS stack; each frame
 * carries the stdin facts of its node (stdin.ts). It stops as soon as the
 * split overflows a budget.
 */
import type { CommandView } from "../programs/findings.js";
import { wordsText } from "../programs/findings.js";
import type { PathCollector } from "../paths/collect.js";
import { referenceWrapperKind, type WrapperKind } from "../programs/reference-kind.js";
import type { SyntaxNode } from "../syntax/syntax.js";
import { cookWord, type Word } from "../words/words.js";
import { noteAssignments } from "./assigned-variables.js";
import { analyseView } from "./command-units.js";
import { referenceFloor } from "./floors.js";
import {
  EVALUATING_BUILTINS,
  commandDeclarationWords,
  compoundDeclarations,
  DECLARATION_BUILTINS,
  declarationWords,
  evaluatedArguments,
  evaluatedText,
  floorTranslated,
  hijack,
  isTranslated,
  reparseEscapedBackticks,
  reparseHeredocBackticks,
} from "./hidden-source.js";
import { Mode, push, type Env } from "./state.js";
import { echoedText, inputRedirect, type StatementInput, statementInput } from "./stdin.js";
import { noteRedirectWrite } from "./two-steps.js";
import { copiedNames, escapedVariants, noteRedirectOnPath } from "./path-shadow.js";
import type { BashUnit } from "./types.js";

/**
 * What a command writes through each of its output redirects, for path-shadow.ts: the text `echo`/`printf` print
 * (`echo 'rm x' > ~/.local/bin/ls`), and the files it may copy (`cat /usr/bin/rm > ~/.local/bin/ls`), their base
 * names taken only when the redirect writes on PATH (most write elsewhere).
 */
class PrintedInto {
  #sources: readonly string[] | undefined;
  constructor(
    readonly scripts: readonly string[],
    private readonly operands: readonly string[],
  ) {}
  get sources(): readonly string[] {
    return (this.#sources ??= copiedNames(this.operands));
  }
}

/** Each output redirect of one walk's tree, with what its command writes through it. */
type PrintedIntoRedirects = Map<SyntaxNode, PrintedInto>;

function notePrintedInto(printedInto: PrintedIntoRedirects, node: SyntaxNode, src: string, home: string): void {
  let body = node.namedChildren[0] ?? null;
  // tree-sitter hangs `a && b > f`'s redirect over the whole list; bash gives it to the list's last command.
  while (body !== null && body.type === "list") body = body.namedChildren[body.namedChildren.length - 1] ?? null;
  if (body === null || body.type !== "command") return;
  const text = echoedText(body, src, home);
  const scripts = text === null ? [] : escapedVariants(text);
  const sources: string[] = [];
  for (const c of body.namedChildren) {
    if (c.type === "command_name" || c.type === "file_redirect" || c.type === "herestring_redirect") continue;
    const v = cookWord(c, src, { home }).value;
    if (v !== null && !v.startsWith("-")) sources.push(v);
  }
  const written = new PrintedInto(scripts, sources);
  for (const c of node.namedChildren) if (c.type === "file_redirect") printedInto.set(c, written);
}

const TRANSPARENT = new Set(["program", "list", "pipeline", "redirected_statement"]);
const REDIRECTS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);
const SUBSTITUTIONS = new Set(["command_substitution", "process_substitution"]);
/** Nodes an ERROR region may hold that are words of a command. */
const WORD_LIKE = new Set([
  "word",
  "string",
  "raw_string",
  "concatenation",
  "number",
  "simple_expansion",
  "expansion",
  "ansi_c_string",
  "translated_string",
  "command_name",
]);

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
  /**
   * A pipeline tree-sitter puts under a statement's input redirect (`a | b < f`): bash gives the redirect to its
   * last command, which reads it rather than the pipe (its text, or null when unknown).
   */
  lastReads: { readonly text: string | null } | undefined;
}

export function walk(env: Env, src: string, root: SyntaxNode, ctx0: string | undefined, mode0: Mode, depth: number, paths: PathCollector): void {
  const stack: Frame[] = [{ node: root, ctx: ctx0, mode: mode0, stdin: false, stdinText: null, pipeText: null, literalBody: false, lastReads: undefined }];
  const printedInto: PrintedIntoRedirects = new Map();
  while (stack.length > 0) {
    if (env.overflow) return;
    const f = stack.pop() as Frame;
    const node = f.node;
    if (!node.isNamed) continue;
    const type = node.type;
    if (type === "comment" || type === "heredoc_end" || type === "heredoc_start") continue;
    if (type === "redirected_statement") notePrintedInto(printedInto, node, src, env.home);
    if (type === "file_redirect") {
      const written = printedInto.get(node);
      const base = paths.baseAt(node.startIndex);
      const target = noteRedirectWrite(env, src, node, base, written?.scripts);
      if (target !== null) noteRedirectOnPath(env, target, base, written);
    }
    noteAssignments(env.assignments, src, node, env.home);

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
      evaluatedDeclarations(env, src, node, f.ctx, depth, paths);
      if (type === "ERROR") recoverWords(env, src, node.children, f, depth, paths);
      pushChildren(stack, node, f, Mode.Derived, f.ctx, src, env);
      continue;
    }

    // Search and Derived modes.
    if (type === "expansion" || type === "subscript") evaluatedText(env, src, node, f.ctx, depth, paths);
    if ((type === "string" || type === "translated_string") && isTranslated(src, node)) floorTranslated(env, src, node, f.ctx);
    if (type === "variable_assignment") hijack(env, src, node, f.ctx, depth, paths);
    // In a body too (`if …; then declare -n r='a[$(rm y)]'; r=1; fi` ran rm).
    evaluatedDeclarations(env, src, node, f.ctx, depth, paths);
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

/**
 * Leaf types the walk does nothing with in `Mode.Search` and `Mode.Derived`
 * (no unit, no source inside): a frame for one would only be popped.
 */
const INERT_LEAVES: ReadonlySet<string> = new Set([
  "word",
  "number",
  "string_content",
  "file_descriptor",
  "raw_string",
  "ansi_c_string",
  "variable_name",
  "special_variable_name",
  "comment",
  "heredoc_start",
  "heredoc_end",
  "regex",
  "test_operator",
  "extglob_pattern",
]);

/** What any node but a redirected statement or a heredoc feeds: the pipe text it was given (stdin.ts's statementInput). */
function passThrough(pipeText: string | null): StatementInput {
  return { redirected: false, redirectText: null, pipeText, literalBody: false };
}

/** Push children in reverse so they pop in source order, with their stdin facts. */
function pushChildren(stack: Frame[], node: SyntaxNode, f: Frame, mode: Mode, ctx: string | undefined, src: string, env: Env): void {
  const children = node.children;
  const n = children.length;
  if (n === 0) return;
  const type = node.type;
  const input = type === "redirected_statement" || type === "heredoc_redirect" ? statementInput(node, src, env.home, f.pipeText) : passThrough(f.pipeText);
  // Outside the reference's statements, a leaf of these types does nothing in the walk: no frame for it.
  const skipInert = mode !== Mode.Ref;
  const frames: Frame[] = new Array<Frame>(n);
  let seenNamed = false;
  let prevNamed: SyntaxNode | null = null;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const c = children[i] as SyntaxNode;
    if (!c.isNamed) continue;
    let stdin = f.stdin;
    let stdinText = f.stdinText;
    const prev = i > 0 ? children[i - 1] : undefined;
    const afterPipe = prev !== undefined && !prev.isNamed && (prev.type === "|" || prev.type === "|&");
    const last = type === "pipeline" && f.lastReads !== undefined && !children.slice(i + 1).some((n) => n.isNamed);
    if (last) {
      stdin = true;
      stdinText = f.lastReads?.text ?? null;
    } else if (afterPipe || (type === "pipeline" && seenNamed)) {
      stdin = true;
      stdinText = echoedText(prevNamed, src, env.home) ?? input.pipeText;
    } else if (type === "redirected_statement" && !REDIRECTS.has(c.type) && input.redirected) {
      stdin = true;
      stdinText = input.redirectText;
    } else if (type === "function_definition") {
      // A function's body reads what each call is fed (`f(){ sh; }; f <<< 'rm x'`, `… | f`), or its definition's own
      // redirect: text permc does not follow to the body.
      stdin = true;
      stdinText = null;
    }
    seenNamed = true;
    prevNamed = c;
    if (skipInert && c.children.length === 0 && INERT_LEAVES.has(c.type)) continue;
    const lastReads = type === "redirected_statement" && c.type === "pipeline" && input.redirected ? { text: input.redirectText } : undefined;
    frames[count++] = { node: c, ctx, mode, stdin, stdinText, pipeText: input.pipeText, literalBody: input.literalBody, lastReads };
  }
  for (let i = count - 1; i >= 0; i--) stack.push(frames[i] as Frame);
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
      // The last input redirect is what the command reads, known or not (`echo x | cat < <(…)` reads the substitution).
      if (input !== undefined) {
        stdin = true;
        stdinText = input;
      }
      continue;
    }
    // `time ( … )`: the keyword times the subshell, which the walk descends; it is not an argument.
    if (c.type === "subshell" && words.length === 1 && words[0]?.raw === "time") continue;
    // `sh 0<<<'rm x'`: digits right before a redirect's operator are its descriptor, no argument (tree-sitter reads a
    // word); on descriptor 0, what the command reads is that redirect's.
    if (c.type === "number" && (src[c.endIndex] === "<" || src[c.endIndex] === ">")) {
      if (src.slice(c.startIndex, c.endIndex) === "0" && !stdin) {
        stdin = true;
        stdinText = null;
      }
      continue;
    }
    if (nameNode !== null && c.type !== "comment") words.push(cookWord(c, src, { home: env.home }));
  }
  // Words moved back from a redirect (syntax/syntax.ts) may end after the node tree-sitter gave.
  const end = children.reduce((e, c) => Math.max(e, c.endIndex), node.endIndex);
  const text = textStart < 0 ? "" : src.slice(textStart, end);
  let refKind: WrapperKind | null = null;
  const refName = refNamed[0];
  if (refName !== undefined) {
    refKind = referenceWrapperKind(src.slice(refName.startIndex, refName.endIndex), () => refNamed.slice(1).map((a) => src.slice(a.startIndex, a.endIndex)));
  }
  if (nameNode === null) {
    // No command name (cannot happen in tree-sitter-bash 0.25.1, but be safe).
    const u = unitOf(src, node, f.ctx);
    u.text = text;
    if (isRef) {
      if (refKind !== null) {
        u.wrapperKind = refKind;
        u.floor = referenceFloor(refKind);
      }
    } else {
      u.derived = true;
      u.derivation = "nested";
      u.unparseable = true;
    }
    push(env, u);
    return;
  }
  // `exec <<< …` earlier in the command: what the shell reads now is not what the command's own redirects show.
  if (!stdin && env.stdinReplaced) {
    stdin = true;
    stdinText = null;
  }
  const view: CommandView = { words, src, stdin, stdinText };
  const base = paths.baseAt(node.startIndex);
  analyseView(env, view, text, f.ctx, isRef, refKind, isRef ? undefined : "nested", depth, base);
  if (words[0] !== undefined && words[0].value !== null && EVALUATING_BUILTINS.has(words[0].value)) evaluatedArguments(env, src, node, f.ctx, depth, paths);
  // `builtin declare -a x=…`, `command typeset …`: a declaration run through a builtin that runs builtins.
  const declared = words.findIndex((w) => w.value !== "builtin" && w.value !== "command");
  if (declared > 0 && DECLARATION_BUILTINS.has(words[declared]?.value ?? ""))
    compoundDeclarations(env, src, node, commandDeclarationWords(words.slice(declared + 1).map((w) => w.value)), f.ctx, depth, paths);
  // `sudo f() { rm x; }`: tree-sitter keeps the words after an ERROR in the command.
  const errorAt = children.findIndex((c) => c.type === "ERROR");
  if (errorAt >= 0) recoverWords(env, src, children.slice(errorAt + 1), f, depth, paths);
}

/**
 * Error recovery: each run of words in a broken region is judged as a
 * command, so `$(/bin/rm")` or `cat <<EOF; rm x` still shows `rm`.
 */
function recoverWords(env: Env, src: string, children: readonly SyntaxNode[], f: Frame, depth: number, paths: PathCollector): void {
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
    if (c.isNamed && WORD_LIKE.has(c.type)) {
      if (run.length === 0) runStart = c.startIndex;
      run.push(cookWord(c.type === "command_name" ? (c.namedChildren[0] ?? c) : c, src, { home: env.home }));
    } else {
      flush();
    }
  }
  flush();
}

/** A declaration, `unset` or test, whose names and values bash may evaluate again (hidden-source.ts). */
function evaluatedDeclarations(env: Env, src: string, node: SyntaxNode, ctx: string | undefined, depth: number, paths: PathCollector): void {
  const type = node.type;
  if (type !== "declaration_command" && type !== "unset_command" && type !== "test_command") return;
  evaluatedArguments(env, src, node, ctx, depth, paths);
  if (type === "declaration_command") compoundDeclarations(env, src, node, declarationWords(src, node, env.home), ctx, depth, paths);
}
