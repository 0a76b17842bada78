/**
 * The variables a command may assign, named however bash names them: a
 * variable that changes what later commands run (`PATH`, `BASH_CMDS`,
 * `HOME`…: knowledge/variables.ts) must be seen whatever the spelling, or a
 * unit would be decided by a program name that no longer means the program.
 *
 * bash assigns a variable by name in more places than `NAME=value`:
 * - builtins that take names as words, after quote removal and expansion:
 *   `declare "HO""ME=/etc"`, `export "$x=…"`, `read -r NAME`, `read -a NAME`,
 *   `mapfile NAME`, `printf -v NAME`, `getopts … NAME`, `wait -p NAME`,
 *   `unset NAME`, and `declare -n r=NAME` (a nameref assigns its target);
 * - loop variables (`for PATH in 5; do ls; done`, `select`);
 * - subscripted names (`BASH_CMDS[ls]=/usr/bin/rm` makes `ls` run rm);
 * - arithmetic, which assigns numbers (`(( PATH=5 ))`, `let`, `$(( ))`,
 *   array subscripts, `[[ a -eq b ]]` operands, `${x:off:len}`, the values
 *   of `declare -i` variables) and evaluates a variable's text as an
 *   expression: `x='PATH=5'; (( x ))` assigns PATH. A variable is safe in
 *   arithmetic when every assignment the command makes to it is an integer
 *   (inherited values are the user's); one assigned any other text, a
 *   positional parameter, a substitution or a quote makes the expression
 *   able to assign any name.
 * A name permc cannot know (an expansion in a name position) may be any.
 *
 * The walk notes what each node says (`noteAssignments`); `assignedNames`
 * resolves the arithmetic once every assignment is known.
 */
import { ARITHMETIC_VARIABLES, NUMBER_VARIABLES } from "../programs/knowledge/variables.js";
import type { SyntaxNode } from "../syntax/syntax.js";
import { cookWord } from "../words/words.js";

export interface AssignmentNotes {
  /** Names the command assigns outside arithmetic. */
  readonly names: Set<string>;
  /** Of those, the ones assigned something other than an integer. */
  readonly textValued: Set<string>;
  /** Names given the integer attribute (`declare -i`): their assigned values are arithmetic. */
  readonly integer: Set<string>;
  /**
   * Names given a value the command's text does not show (`read NAME`,
   * `mapfile`, `printf -v`, `getopts`, a loop's variable, a nameref's
   * target): given the integer attribute, such a value is arithmetic over
   * text permc cannot read, whose subscripts bash evaluates (`declare -i x;
   * read x < f` runs the command substitution in `a[$(…)]` when f holds one).
   */
  readonly opaque: Set<string>;
  /** Every `NAME=value` (value as written), for `declare -i` names. */
  readonly values: Array<{ readonly name: string; readonly value: string }>;
  /** Arithmetic expressions, as written. */
  readonly arithmetic: string[];
  /** Subscripts, as written, by array: arithmetic unless the array is associative. */
  readonly subscripts: Array<{ readonly array: string; readonly index: string }>;
  /** Names declared associative (`declare -A`): their subscripts are strings. */
  readonly associative: Set<string>;
  /** Why some assigned name cannot be known, or null. */
  unknown: string | null;
}

export function assignmentNotes(): AssignmentNotes {
  return {
    names: new Set(),
    textValued: new Set(),
    integer: new Set(),
    opaque: new Set(),
    values: [],
    arithmetic: [],
    subscripts: [],
    associative: new Set(),
    unknown: null,
  };
}

const INTEGER = /^[+-]?\d+$/;
const DECLARATIONS = new Set(["declare", "typeset", "local", "readonly", "export"]);
/** Simple commands that may assign by name (through `builtin` or `command` too). */
const NAMES_ASSIGNING: ReadonlySet<string> = new Set([
  ...DECLARATIONS,
  "read",
  "mapfile",
  "readarray",
  "printf",
  "getopts",
  "wait",
  "let",
  "unset",
  "builtin",
  "command",
]);
/** `${!NAME…}` that reads the variable NAME names (not `${!NAME[@]}`, `${!NAME[*]}`, `${!PREFIX*}`, `${!PREFIX@}`, which list names). */
const INDIRECTION = /^\$\{!([A-Za-z_]\w*|[0-9#?$!@*_-])(?!\[[@*]\]\}|[*@]\})/;
/** `[[ a OP b ]]` operators whose operands are arithmetic. */
const ARITHMETIC_TESTS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);
/** Option letters of `read` and `mapfile` that take a value (read's `-a` value is a name). */
const READ_VALUE_LETTERS = "dinNptu";
const MAPFILE_VALUE_LETTERS = "dnOsuCc";

/** The name part of `NAME`, `NAME[sub]`, `NAME=…`, `NAME+=…`; null when it is not a name. */
function nameOf(word: string): string | null {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[.*?\])?(?:\+?=|$)/s.exec(word);
  return m === null ? null : (m[1] as string);
}

function note(n: AssignmentNotes, name: string, integerValue: boolean): void {
  n.names.add(name);
  if (!integerValue) n.textValued.add(name);
}

/** A name given a value the text does not show (see `opaque`). */
function noteOpaque(n: AssignmentNotes, name: string): void {
  note(n, name, false);
  n.opaque.add(name);
}

function unknown(n: AssignmentNotes, reason: string): void {
  n.unknown ??= reason;
}

/**
 * What bash reads a word as (tree-sitter gives a bare name in a declaration its own node type): null when permc
 * cannot know it, because it depends on an expansion, or, for a word that assigns or names what is assigned, holds
 * braces or a glob bash expands into other words first (`export {PATH,x}=.` exports PATH, `read {GREP,x}` reads GREP).
 * `unset` takes the word as written: removing a variable makes nothing run.
 */
function wordValue(node: SyntaxNode, src: string, home: string, assigns = true): string | null {
  if (node.type === "variable_name") return src.slice(node.startIndex, node.endIndex);
  const word = cookWord(node, src, { home });
  return assigns && word.pattern ? null : word.value;
}

/** A word in a name position: its cooked value names the variable, or permc cannot know which. */
function noteNameWord(n: AssignmentNotes, node: SyntaxNode, src: string, home: string, what: string): void {
  const value = wordValue(node, src, home);
  if (value === null) return unknown(n, `${what} names a variable permc cannot know`);
  const name = nameOf(value);
  if (name !== null) noteOpaque(n, name);
  // `printf -v 'a[PATH=0]'`, `read 'a[x]'`: the subscript of a name is arithmetic.
  const open = value.indexOf("[");
  if (open > 0 && value.endsWith("]")) n.arithmetic.push(value.slice(open + 1, -1));
}

function isIntegerValue(value: SyntaxNode | undefined, src: string): boolean {
  if (value === undefined) return true;
  if (value.type === "number" || value.type === "arithmetic_expansion") return true;
  return INTEGER.test(src.slice(value.startIndex, value.endIndex));
}

/** What one node of the walk says about assignments. */
export function noteAssignments(n: AssignmentNotes, src: string, node: SyntaxNode, home: string): void {
  switch (node.type) {
    case "variable_assignment": {
      const target = node.namedChildren[0];
      if (target === undefined) return;
      const nameNode = target.type === "subscript" ? target.namedChildren[0] : target;
      if (nameNode === undefined) return;
      const name = src.slice(nameNode.startIndex, nameNode.endIndex);
      const value = node.namedChildren[1];
      note(n, name, isIntegerValue(value, src));
      n.values.push({ name, value: value === undefined ? "" : src.slice(value.startIndex, value.endIndex) });
      // `a=([$k]=1)`: an element's subscript is arithmetic too (tree-sitter keeps it as words, not a subscript node).
      if (value?.type === "array") {
        for (const element of value.namedChildren) {
          const index = /^\[(.*?)\]\+?=/s.exec(src.slice(element.startIndex, element.endIndex));
          if (index !== null) n.arithmetic.push(index[1] as string);
        }
      }
      return;
    }
    case "declaration_command":
      return declaration(n, src, node.namedChildren, home, src.slice(node.startIndex, node.endIndex).split(/\s/, 1)[0] as string);
    case "unset_command":
      for (const c of node.namedChildren) {
        const v = wordValue(c, src, home, false);
        if (v === null) unknown(n, "unset names a variable permc cannot know");
        else if (!v.startsWith("-")) note(n, nameOf(v) ?? v, false);
      }
      return;
    case "for_statement":
    case "select_statement": {
      const v = node.namedChildren.find((c) => c.type === "variable_name");
      if (v !== undefined) noteOpaque(n, src.slice(v.startIndex, v.endIndex));
      return;
    }
    case "c_style_for_statement": {
      const text = src.slice(node.startIndex, node.endIndex);
      const open = text.indexOf("((");
      const close = text.indexOf("))", open + 2);
      n.arithmetic.push(close > open && open >= 0 ? text.slice(open + 2, close) : text);
      return;
    }
    case "compound_statement": {
      const first = node.children[0];
      if (first !== undefined && first.type === "((") n.arithmetic.push(src.slice(first.endIndex, node.endIndex).replace(/\)\)\s*$/, ""));
      return;
    }
    case "arithmetic_expansion":
      n.arithmetic.push(
        src
          .slice(node.startIndex, node.endIndex)
          .replace(/^\$\(\(|^\$\[/, "")
          .replace(/\)\)$|\]$/, ""),
      );
      return;
    case "subscript": {
      const [array, index] = node.namedChildren;
      if (array !== undefined && index !== undefined)
        n.subscripts.push({ array: src.slice(array.startIndex, array.endIndex), index: src.slice(index.startIndex, index.endIndex) });
      return;
    }
    case "expansion": {
      const text = src.slice(node.startIndex, node.endIndex);
      // `${x:off:len}`: offset and length are arithmetic.
      const m = /^\$\{[#!]?(?:[A-Za-z_]\w*|[0-9@*])(?:\[[^\]]*\])?:(?![-=?+])(.*)\}$/s.exec(text);
      if (m !== null) n.arithmetic.push(m[1] as string);
      // `${x:=value}`, `${x=value}`: assigns x that value when it is unset (or empty), as `x=value` would.
      const assigned = /^\$\{([A-Za-z_]\w*):?=(.*)\}$/s.exec(text);
      if (assigned !== null) {
        const [, name, value] = assigned as unknown as [string, string, string];
        note(n, name, INTEGER.test(value));
        n.values.push({ name, value });
      }
      // `${!x}`: x's text is a name, whose subscript bash evaluates (`x='a[$(rm y)]'` runs rm); `${!x[@]}` and `${!x*}` list names.
      const indirect = INDIRECTION.exec(text);
      if (indirect !== null) n.arithmetic.push(`$${indirect[1] as string}`);
      return;
    }
    case "test_command": {
      // `[ a -eq b ]` compares numbers without evaluating them; `[[ a -eq b ]]` evaluates both operands.
      const evaluates = node.children[0]?.type === "[[";
      const stack = [...node.namedChildren];
      while (stack.length > 0) {
        const c = stack.pop() as SyntaxNode;
        // `[[ -v $x ]]`, `[ -v "$x" ]`: the operand's text is a name, whose subscript bash evaluates.
        if (c.type === "unary_expression") noteNameTest(n, src, c.children);
        const op = c.type === "binary_expression" ? c.children.find((k) => k.type === "test_operator") : undefined;
        if (evaluates && op !== undefined && ARITHMETIC_TESTS.has(src.slice(op.startIndex, op.endIndex))) {
          for (const operand of c.namedChildren) if (operand !== op) n.arithmetic.push(src.slice(operand.startIndex, operand.endIndex));
        } else stack.push(...c.namedChildren);
      }
      return;
    }
    case "command":
      return command(n, src, node, home);
  }
}

/** `declare`/`typeset`/`local`/`readonly`/`export` arguments: names, options (`-n` namerefs, `-i` integers), assignments. */
function declaration(n: AssignmentNotes, src: string, args: readonly SyntaxNode[], home: string, keyword: string): void {
  let nameref = false;
  let integer = false;
  let associative = false;
  const declared: string[] = [];
  for (const c of args) {
    if (c.type === "variable_assignment") {
      const target = c.namedChildren[0];
      const nameNode = target?.type === "subscript" ? target.namedChildren[0] : target;
      if (nameNode !== undefined) declared.push(src.slice(nameNode.startIndex, nameNode.endIndex));
      // A nameref's value is the variable it stands for: assigning the ref assigns it.
      const value = c.namedChildren[1];
      if (nameref && value !== undefined) noteNameWord(n, value, src, home, `${keyword} -n`);
      continue;
    }
    const v = wordValue(c, src, home);
    if (v === null) {
      unknown(n, `${keyword} names a variable permc cannot know`);
      continue;
    }
    if (v.startsWith("-") || v.startsWith("+")) {
      if (v.includes("n")) nameref = true;
      if (v.includes("i")) integer = true;
      if (v.startsWith("-") && v.includes("A")) associative = true;
      continue;
    }
    const name = nameOf(v);
    if (name === null) continue;
    declared.push(name);
    // `declare 'a[x]=1'`: a quoted subscript is arithmetic too (tree-sitter's subscript nodes are the unquoted ones).
    const subscript = /^[A-Za-z_]\w*\[(.*?)\](?:\+?=|$)/s.exec(v);
    if (subscript !== null) n.arithmetic.push(subscript[1] as string);
    const eq = v.indexOf("=");
    // `declare -x PATH`, `export PATH`: attributes only, the value stays.
    if (eq < 0 && !nameref) continue;
    const value = eq < 0 ? "" : v.slice(eq + 1);
    note(n, name, eq < 0 || INTEGER.test(value));
    n.values.push({ name, value });
    if (nameref && eq >= 0) {
      const target = nameOf(value);
      if (target !== null) noteOpaque(n, target);
      else if (value !== "") unknown(n, `${keyword} -n refers to ${JSON.stringify(value)}`);
    }
  }
  if (integer) for (const d of declared) n.integer.add(d);
  if (associative) for (const d of declared) n.associative.add(d);
}

/** `-v NAME` (test, `[`, `[[`): a NAME that is not literal is text bash reads as a name, subscript and all. */
function noteNameTest(n: AssignmentNotes, src: string, children: readonly SyntaxNode[]): void {
  for (let i = 0; i + 1 < children.length; i++) {
    const op = children[i] as SyntaxNode;
    if (src.slice(op.startIndex, op.endIndex) !== "-v") continue;
    const operand = children[i + 1] as SyntaxNode;
    const text = src.slice(operand.startIndex, operand.endIndex);
    if (/[$`]/.test(text)) n.arithmetic.push(text);
    else {
      // `[[ -v a[_] ]]`: the subscript is arithmetic, whatever it names.
      const subscript = /\[(.*)\]/s.exec(text.replace(/["'\\]/g, ""));
      if (subscript !== null) n.arithmetic.push(subscript[1] as string);
    }
  }
}

/** Simple commands that assign by name: read, mapfile, printf -v, getopts, wait -p, let, and declarations run through `builtin`/`command`; and test's `-v`. */
function command(n: AssignmentNotes, src: string, node: SyntaxNode, home: string): void {
  // Every command of every call passes here: most are not one of these, and cost one cooked name.
  const nameNode = node.namedChildren.find((c) => c.type === "command_name");
  const first = nameNode === undefined ? null : cookWord(nameNode.namedChildren[0] ?? nameNode, src, { home }).value;
  if (first === "test" || first === "[") return noteNameTest(n, src, node.namedChildren);
  if (first === null || !NAMES_ASSIGNING.has(first)) return;
  const words: SyntaxNode[] = [];
  for (const c of node.namedChildren) if (c.type === "command_name" || (c.type !== "variable_assignment" && !c.type.endsWith("redirect"))) words.push(c);
  let k = 0;
  const valueAt = (i: number): string | null => {
    const w = words[i];
    if (w === undefined) return null;
    const inner = w.type === "command_name" ? (w.namedChildren[0] ?? w) : w;
    return cookWord(inner, src, { home }).value;
  };
  let name = valueAt(k);
  while (name === "builtin" || name === "command") name = valueAt(++k);
  if (name === null) return;
  const args = words.slice(k + 1);
  const cooked = args.map((_, i) => valueAt(k + 1 + i));
  switch (name) {
    case "read":
    case "mapfile":
    case "readarray": {
      const valueLetters = name === "read" ? READ_VALUE_LETTERS : MAPFILE_VALUE_LETTERS;
      for (let i = 0; i < args.length; i++) {
        const v = cooked[i] ?? null;
        if (v === null) return unknown(n, `${name} names a variable permc cannot know`);
        if (v === "--") {
          for (const w of args.slice(i + 1)) noteNameWord(n, w, src, home, name);
          return;
        }
        if (v.startsWith("-") && v.length > 1) {
          // `-a NAME` (read) names an array; other letters with a value consume the rest of the word or the next one.
          for (let j = 1; j < v.length; j++) {
            const letter = v[j] as string;
            if (letter === "a" && name === "read") {
              if (j + 1 < v.length) noteOpaque(n, nameOf(v.slice(j + 1)) ?? "");
              else if (args[i + 1] !== undefined) noteNameWord(n, args[++i] as SyntaxNode, src, home, name);
              break;
            }
            if (valueLetters.includes(letter)) {
              if (j + 1 === v.length) i++;
              break;
            }
          }
          continue;
        }
        noteNameWord(n, args[i] as SyntaxNode, src, home, name);
      }
      return;
    }
    case "printf":
      for (let i = 0; i < args.length; i++) {
        const v = cooked[i] ?? null;
        if (v === null) return unknown(n, "printf may name a variable permc cannot know");
        if (v === "--" || !v.startsWith("-")) return;
        if (v === "-v") {
          if (args[i + 1] !== undefined) noteNameWord(n, args[i + 1] as SyntaxNode, src, home, "printf -v");
          return;
        }
        if (v.startsWith("-v")) return noteOpaque(n, nameOf(v.slice(2)) ?? "");
      }
      return;
    case "getopts":
      if (args[1] !== undefined) noteNameWord(n, args[1], src, home, "getopts");
      return;
    case "wait":
      for (let i = 0; i < args.length; i++) {
        const v = cooked[i] ?? null;
        if (v === null) return unknown(n, "wait may name a variable permc cannot know");
        if (v === "-p" && args[i + 1] !== undefined) noteNameWord(n, args[i + 1] as SyntaxNode, src, home, "wait -p");
      }
      return;
    case "let":
      for (const v of cooked) {
        if (v === null) return unknown(n, "let evaluates text permc cannot know");
        n.arithmetic.push(v);
      }
      return;
    case "unset":
      for (let i = 0; i < args.length; i++) {
        const v = cooked[i] ?? null;
        if (v === null) return unknown(n, "unset names a variable permc cannot know");
        if (!v.startsWith("-")) note(n, nameOf(v) ?? v, false);
      }
      return;
    default:
      if (DECLARATIONS.has(name)) declaration(n, src, args, home, name);
  }
}

function integerGivenText(name: string): string {
  return `${name} has the integer attribute and is given text permc cannot read, which bash evaluates as arithmetic (its subscripts may run commands)`;
}

/** An assignment operator after a name (`=`, `+=`, `<<=`…, not `==`), or `++`/`--` beside one. */
const ASSIGNED_IN_ARITHMETIC = /([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*(?:[-+*/%&^|]|<<|>>)?=(?!=)|(?:\+\+|--)\s*([A-Za-z_]\w*)|([A-Za-z_]\w*)\s*(?:\+\+|--)/g;
const REFERENCED_IN_ARITHMETIC = /\$\{?([A-Za-z_]\w*)|([A-Za-z_]\w*)/g;

/** Variables bash itself gives text from the command's data: `read`'s REPLY, `getopts`'s OPTARG, `[[ =~ ]]`'s BASH_REMATCH… */
const BASH_TEXT_VARIABLES: ReadonlySet<string> = new Set([
  "REPLY",
  "MAPFILE",
  "OPTARG",
  "BASH_REMATCH",
  "BASH_COMMAND",
  "BASH_EXECUTION_STRING",
  "BASH_ARGV",
  "COPROC",
  "READLINE_LINE",
  "COMP_LINE",
  "COMP_WORDS",
  "OLDPWD",
  "PWD",
  // The last word of the previous command (bare `_` in arithmetic, not only `$_`), `pushd -n`'s operands, the names
  // of the functions the command defines and the files it sources: text the command chooses without assigning it.
  "_",
  "DIRSTACK",
  "FUNCNAME",
  "BASH_SOURCE",
]);

/**
 * Every name the command may assign, once the walk is done; `unknown` says
 * why any name may be assigned (then the set is not all of them).
 */
export function assignedNames(n: AssignmentNotes): { readonly names: ReadonlySet<string>; readonly unknown: string | null } {
  // No arithmetic and no integer names (most commands): the names noted are all, and nothing is left to resolve.
  if (n.arithmetic.length === 0 && n.subscripts.length === 0 && n.values.length === 0 && n.integer.size === 0 && n.opaque.size === 0)
    return { names: n.names, unknown: n.unknown };
  const names = new Set(n.names);
  let why = n.unknown;
  const expressions = [...n.arithmetic];
  // An associative array's subscript is a string (`m[key]`); an indexed one's is arithmetic. A declaration of one may
  // not hold (`local -A` outside a function, in a subshell, after `m=()`): its subscripts still floor over text the
  // command gives a variable, and only the values set outside the command are taken for its keys.
  const keys: string[] = [];
  for (const { array, index } of n.subscripts) (n.associative.has(array) ? keys : expressions).push(index);
  const integer = (name: string): boolean => n.integer.has(name) || ARITHMETIC_VARIABLES.has(name);
  for (const { name, value } of n.values) if (integer(name)) expressions.push(value);
  for (const name of n.integer) if (n.opaque.has(name) || BASH_TEXT_VARIABLES.has(name)) why ??= integerGivenText(name);
  for (const name of ARITHMETIC_VARIABLES) if (n.opaque.has(name)) why ??= integerGivenText(name);
  for (const written of [...expressions, ...keys]) {
    const key = keys.includes(written) && !expressions.includes(written);
    // Quotes are removed before the text is evaluated (`$(( "PA""TH=5" ))` assigns PATH).
    const e = written.replace(/["'\\]/g, "");
    // A substitution's output, a positional parameter, `$_` (the last word of the previous command), `${!x}`: text permc does not know.
    if (/`|\$\(|\$\[|\$[0-9@*_-]|\$\{(?:[0-9@*_-]|!|#?[0-9@*]\})/.test(e)) {
      why ??= `arithmetic over text permc cannot read (${JSON.stringify(written.length > 40 ? `${written.slice(0, 40)}…` : written)}) may assign any variable`;
      continue;
    }
    for (const m of e.matchAll(ASSIGNED_IN_ARITHMETIC)) names.add((m[1] ?? m[2] ?? m[3]) as string);
    for (const m of e.matchAll(REFERENCED_IN_ARITHMETIC)) {
      const ref = (m[1] ?? m[2]) as string;
      if (n.textValued.has(ref) || BASH_TEXT_VARIABLES.has(ref)) why ??= `arithmetic evaluates ${ref}, which holds text that may assign any variable`;
      // A value set outside the command may be a name (OSTYPE is `linux-gnu`, HOSTTYPE `x86_64`, USER a login), which
      // arithmetic evaluates in turn: `linux='a[$(rm y)]'; (( OSTYPE ))` ran rm. Only bash's own numbers are sure.
      else if (!key && n.textValued.size > 0 && !n.names.has(ref) && !NUMBER_VARIABLES.has(ref))
        why ??= `arithmetic evaluates ${ref}, set outside the command: its value may name a variable the command gives text`;
    }
  }
  return { names, unknown: why };
}
