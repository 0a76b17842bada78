/**
 * Shell source hidden in places tree-sitter reads as text, re-parsed and
 * judged (or floored where permc cannot follow it): an assignment to a
 * variable that holds a command line (`PAGER=…`), an expansion operand
 * (`${x#$(rm y)}`), a prompt expansion (`${x@P}`), a translated string
 * (`$"…"`, expanded from a message catalog), array subscripts and
 * names bash evaluates as arithmetic (`let 'a[$(rm y)]=1'`), escaped
 * backticks, and backticks in unquoted heredoc bodies. Every re-parse goes
 * through `env.reparse`, which charges the re-parse budgets.
 */
import { compilerFlagsLoadCode } from "../programs/environment-assignment.js";
import { COMMAND_VARIABLES, isHijackVariable, OPTION_VARIABLES } from "../programs/knowledge/variables.js";
import type { PathCollector } from "../paths/collect.js";
import type { SyntaxNode } from "../syntax/syntax.js";
import { hiddenSubstitutions } from "../words/word-pattern.js";
import { cookWord } from "../words/words.js";
import { push, type Env } from "./state.js";

/** Leaves tree-sitter keeps as text inside `${…}`: a `${x#$(…)}` pattern, a `${x-`…`}` word. */
const EXPANSION_TEXT = new Set(["regex", "word", "raw_string", "string_content"]);
/** Arguments bash evaluates as arithmetic or as variable names (which may hold subscripts). */
export const EVALUATING_BUILTINS: ReadonlySet<string> = new Set([
  "let",
  "declare",
  "typeset",
  "local",
  "readonly",
  "export",
  "unset",
  "read",
  "printf",
  "mapfile",
  "readarray",
  "test",
  "[",
  "getopts",
  "wait",
]);
/** A subscript with code after its `[`, nested subscripts too (`a[x[1]+$(rm y)]`): the two tests keep it linear. */
function subscriptWithCode(value: string): boolean {
  const open = value.indexOf("[");
  return open >= 0 && /\$\(|`|\$\{/.test(value.slice(open));
}

/** `PATH=…`, `LD_PRELOAD=…`, `PAGER=…`: a floor, and the command line inside, if any. */
export function hijack(env: Env, src: string, node: SyntaxNode, ctx: string | undefined, depth: number, paths: PathCollector): void {
  const nameNode = node.namedChildren[0];
  if (nameNode === undefined) return;
  const name = src.slice(nameNode.startIndex, nameNode.endIndex);
  const valueNode = node.namedChildren[1];
  if (valueNode !== undefined && compilerFlagsLoadCode(name, cookWord(valueNode, src, { home: env.home }).loose)) {
    const reason = `${name} passes the compiler an option that loads or runs code`;
    push(env, { text: src.slice(node.startIndex, node.endIndex), context: ctx, floor: { kind: "opaque", reason }, derived: true, derivation: "env-hijack" });
  }
  if (!isHijackVariable(name)) return;
  const text = src.slice(node.startIndex, node.endIndex);
  push(env, { text, context: ctx, floor: { kind: "opaque", reason: `${name} changes what later commands run` }, derived: true, derivation: "env-hijack" });
  if (valueNode === undefined) return;
  const value = cookWord(valueNode, src, { home: env.home }).loose;
  // `JAVA_TOOL_OPTIONS=-javaagent:x.jar`: options the program reads from the environment, judged as given to it.
  if (Object.hasOwn(OPTION_VARIABLES, name))
    env.reparse(env, `${OPTION_VARIABLES[name]} ${value}`, "payload", depth + 1, paths.baseAt(node.startIndex), "payload");
  if (!COMMAND_VARIABLES.has(name)) return;
  env.reparse(env, value, "payload", depth + 1, paths.baseAt(node.startIndex), "payload");
}

/**
 * Text bash reads again as code: an expansion's operand (`${x#$(rm y)}`),
 * a prompt expansion of a value (`${x@P}`), an array subscript with a quoted
 * substitution (`${a['$(rm y)']}`). Substitutions written there run: they
 * are parsed and judged; a form permc cannot follow is floored.
 */
export function evaluatedText(env: Env, src: string, node: SyntaxNode, ctx: string | undefined, depth: number, paths: PathCollector): void {
  const raw = src.slice(node.startIndex, node.endIndex);
  const base = paths.baseAt(node.startIndex);
  const floor = (reason: string): void => {
    push(env, { text: raw, context: ctx, floor: { kind: "opaque", reason }, derived: true, derivation: "evaluated-text" });
  };
  if (node.type === "expansion") {
    if (/@P\s*\}$/.test(raw)) floor("${…@P} expands the value as a prompt, which runs command substitutions");
    for (const c of node.children) {
      if (!EXPANSION_TEXT.has(c.type)) continue;
      for (const code of hiddenSubstitutions(src.slice(c.startIndex, c.endIndex)))
        env.reparse(env, code, "command_substitution", depth + 1, base, "evaluated-text");
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
    for (const code of codes) env.reparse(env, code, "command_substitution", depth + 1, base, "evaluated-text");
  }
}

/**
 * `$"…"` (tree-sitter: a `$` token, then the string): bash replaces the text
 * by its translation in a message catalog the environment chooses
 * (TEXTDOMAIN, TEXTDOMAINDIR, the locale) and expands the translation as a
 * double-quoted string, so the substitutions a catalog's text holds run.
 */
export function isTranslated(src: string, node: SyntaxNode): boolean {
  if (node.type === "translated_string") return true;
  const at = node.startIndex;
  // `\$"…"` is a literal dollar sign before an ordinary string.
  return at > 0 && src.charCodeAt(at - 1) === 0x24 && !(at > 1 && src.charCodeAt(at - 2) === 0x5c);
}

export function floorTranslated(env: Env, src: string, node: SyntaxNode, ctx: string | undefined): void {
  const reason = '$"…" is replaced by a translation from a message catalog, which bash expands again (its substitutions run)';
  push(env, {
    text: src.slice(node.startIndex - 1, node.endIndex),
    context: ctx,
    floor: { kind: "opaque", reason },
    derived: true,
    derivation: "evaluated-text",
  });
}

/** `let 'a[$(rm y)]=1'`, `declare -n r='a[$(rm y)]'`, `printf -v 'a[$(…)]'`: a name or expression holding a substitution. */
export function evaluatedArguments(env: Env, src: string, node: SyntaxNode, ctx: string | undefined, depth: number, paths: PathCollector): void {
  const stack: SyntaxNode[] = [...node.namedChildren];
  while (stack.length > 0) {
    const c = stack.pop() as SyntaxNode;
    if (c.type === "raw_string" || c.type === "string" || c.type === "word" || c.type === "concatenation") {
      const value = cookWord(c, src, { home: env.home }).loose;
      if (!subscriptWithCode(value)) continue;
      push(env, {
        text: src.slice(c.startIndex, c.endIndex),
        context: ctx,
        derived: true,
        derivation: "evaluated-text",
        floor: { kind: "opaque", reason: "a variable name with a subscript is evaluated as arithmetic, which runs the substitutions in it" },
      });
      for (const code of hiddenSubstitutions(value)) env.reparse(env, code, "command_substitution", depth + 1, paths.baseAt(node.startIndex), "evaluated-text");
    } else {
      for (const g of c.namedChildren) stack.push(g);
    }
  }
}

/** The builtins that read a value which, expanded, starts with `(` as a compound array assignment, and expand its words. */
export const DECLARATION_BUILTINS: ReadonlySet<string> = new Set(["declare", "typeset", "local", "readonly", "export"]);
/** `NAME=VALUE` or `NAME[SUB]+=VALUE` as a declaration's word reads it after quote removal. */
const DECLARED_ASSIGNMENT = /^([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=(.*)$/s;

/** An assignment a declaration makes: the name, and the value as bash reads it (null: permc cannot know it). */
export interface DeclaredAssignment {
  readonly name: string | null;
  readonly value: string | null;
}

/** A declaration's words after its name, cooked (null: permc cannot know the word). */
export interface DeclarationWords {
  /** Options and bare names. */
  readonly options: ReadonlyArray<string | null>;
  readonly assignments: readonly DeclaredAssignment[];
}

/** Arrays bash keeps itself: a declaration of one reads a value that starts with `(` as a compound assignment. */
const BASH_ARRAYS: ReadonlySet<string> = new Set([
  "PIPESTATUS",
  "DIRSTACK",
  "BASH_ARGV",
  "BASH_ARGC",
  "BASH_LINENO",
  "BASH_SOURCE",
  "FUNCNAME",
  "GROUPS",
  "BASH_REMATCH",
  "BASH_VERSINFO",
  "COMP_WORDS",
  "COPROC",
  "MAPFILE",
  "BASH_ALIASES",
  "BASH_CMDS",
]);

/**
 * `declare -a x='($(rm y))'`, `declare -a y=$x`: for a name that is an array
 * (`-a`, `-A`, bash's own, or one the command makes an array), a declaration
 * builtin reads a value that starts with `(` once expanded as a compound
 * assignment, and expands its words again (real bash ran rm in each case).
 * A value permc knows is parsed as that assignment and judged; one it cannot
 * know is floored when the name may be an array.
 */
export function compoundDeclarations(
  env: Env,
  src: string,
  node: SyntaxNode,
  words: DeclarationWords,
  ctx: string | undefined,
  depth: number,
  paths: PathCollector,
): void {
  let unknown = false;
  for (const { name, value } of words.assignments) {
    if (name === null || value === null) {
      unknown = true;
      continue;
    }
    if (value.startsWith("(")) env.reparse(env, `${name}=${value}`, "payload", depth + 1, paths.baseAt(node.startIndex), "evaluated-text");
  }
  if (!unknown) return;
  // A value whose expansion permc cannot know, for a name that may be an array: read anew as code.
  const declaresArrays =
    words.options.some((o) => o === null || /^[-+]\w*[aA]/.test(o)) || words.assignments.some((a) => a.name === null || BASH_ARRAYS.has(a.name));
  if (!declaresArrays && !MAKES_ARRAYS.test(src)) return;
  push(env, {
    text: src.slice(node.startIndex, node.endIndex),
    context: ctx,
    derived: true,
    derivation: "evaluated-text",
    floor: { kind: "opaque", reason: "a declaration reads an array's value that starts with ( as a compound assignment, whose words it expands again" },
  });
}

/** A word of a declaration as bash reads it: an assignment when it is `NAME=…` once quotes are removed (`'x=(…)'`). */
function declaredWord(value: string | null, options: Array<string | null>, assignments: DeclaredAssignment[]): void {
  const m = value === null ? null : DECLARED_ASSIGNMENT.exec(value);
  if (m !== null) assignments.push({ name: m[1] as string, value: m[2] as string });
  else options.push(value);
  // A word permc cannot know may be either.
  if (value === null) assignments.push({ name: null, value: null });
}

/** A declaration_command's words after its name, cooked. */
export function declarationWords(src: string, node: SyntaxNode, home: string): DeclarationWords {
  const options: Array<string | null> = [];
  const assignments: DeclaredAssignment[] = [];
  // Pieces that touch are one word to bash (`x'=(…)'`: tree-sitter gives a name and a string).
  let word: { end: number; value: string | null } | null = null;
  const flush = (): void => {
    if (word !== null) declaredWord(word.value, options, assignments);
    word = null;
  };
  for (const c of node.namedChildren) {
    if (c.type !== "variable_assignment") {
      // A bare name (`declare -A m`) is its own node type.
      const value = c.type === "variable_name" ? src.slice(c.startIndex, c.endIndex) : cookWord(c, src, { home }).value;
      if (word !== null && word.end === c.startIndex) word = { end: c.endIndex, value: word.value === null || value === null ? null : word.value + value };
      else {
        flush();
        word = { end: c.endIndex, value };
      }
      continue;
    }
    flush();
    const [target, value] = c.namedChildren;
    if (target === undefined) continue;
    // `declare a[1]=…`: the array's name.
    const named = target.type === "subscript" ? (target.namedChildren[0] ?? target) : target;
    const name = src.slice(named.startIndex, named.endIndex);
    // `x=(a b)` as written: tree-sitter parsed its words, and the walk judges them (nothing is read anew).
    const cooked = value === undefined || value.type === "array" ? "" : cookWord(value, src, { home }).value;
    assignments.push({ name, value: cooked });
  }
  flush();
  return { options, assignments };
}

/** A declaration run as a simple command (`builtin declare …`): a word permc cannot know may be either kind. */
export function commandDeclarationWords(values: ReadonlyArray<string | null>): DeclarationWords {
  const options: Array<string | null> = [];
  const assignments: DeclaredAssignment[] = [];
  for (const v of values) declaredWord(v, options, assignments);
  return { options, assignments };
}

/** The command may make some name an array: `x=(…)`, `x[…]=`, `declare -a`, `read -a`, `mapfile`. */
const MAKES_ARRAYS = /\w(?:\+?=\(|\[)|\b(?:declare|typeset|local|readonly|export|read)\s+(?:-\w+\s+)*-\w*[aA]|\b(?:mapfile|readarray)\b/;

/** `` echo `echo \`ls\`` ``: tree-sitter leaves the inner substitution as a word. */
export function reparseEscapedBackticks(env: Env, src: string, node: SyntaxNode, type: string, depth: number, paths: PathCollector): void {
  const raw = src.slice(node.startIndex, node.endIndex).trimStart();
  if (!raw.startsWith("`") || !raw.includes("\\`")) return;
  const inner = raw.slice(1, raw.endsWith("`") && raw.length > 1 ? -1 : undefined);
  const unescaped = inner.replace(/\\([\\`$])/g, "$1");
  env.reparse(env, unescaped, type, depth + 1, paths.baseAt(node.startIndex), "reparsed");
}

/** Backticks in an unquoted heredoc body run, but tree-sitter leaves them as text. */
export function reparseHeredocBackticks(env: Env, src: string, node: SyntaxNode, depth: number, paths: PathCollector): void {
  const raw = src.slice(node.startIndex, node.endIndex);
  if (!raw.includes("`")) return;
  // Blank out what tree-sitter did parse (substitutions, expansions).
  let text = "";
  let cursor = node.startIndex;
  for (const c of node.namedChildren) {
    if (c.type === "heredoc_content") continue;
    text += src.slice(cursor, Math.max(cursor, c.startIndex));
    cursor = Math.max(cursor, c.endIndex);
    text += " ";
  }
  text += src.slice(cursor, node.endIndex);
  for (const seg of backtickSegments(text)) {
    env.reparse(env, seg, "command_substitution", depth + 1, paths.baseAt(node.startIndex), "reparsed");
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
