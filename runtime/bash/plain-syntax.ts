/**
 * The syntax tree of a plain command, built without tree-sitter.
 *
 * Most commands an agent runs are plain: words of safe literal characters
 * joined by `;`, `&&`, `||`, `|` and `|&` (`cd app && npm test | tee log`).
 * For those the tree is fully determined by the text, so permc builds the
 * very tree `copyTree` + `glueTouchingWords` + `reattachRedirectWords`
 * would give (same node types, namedness, offsets and nesting), skipping the
 * wasm parse and the copy, which cost about as much as the analysis itself.
 *
 * Invariant: for every text this accepts, the tree equals the tree-sitter
 * path's, and tree-sitter reports no error (test/bash/plain-syntax.test.ts
 * checks both with fast-check over generated commands). Anything outside the
 * fragment — a quote, an expansion, a redirect, a newline, `&`, a glob or
 * brace character, `~`, `#`, a reserved word, a non-ASCII character, a word
 * starting with a digit that is not a number, an assignment in command
 * position — returns null and takes the tree-sitter path.
 */
import { SyntaxNode } from "./syntax.js";

/** Characters a plain word may hold: literal to bash in every position, and one tree-sitter `word` token. */
const WORD_CHAR = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,=-") WORD_CHAR[ch.charCodeAt(0)] = 1;

/**
 * Words that change the grammar in some position (reserved words, declaration
 * and test commands, `coproc`, `time`): a command holding one takes the
 * tree-sitter path, wherever the word stands.
 */
const GRAMMAR_WORDS: ReadonlySet<string> = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "case",
  "esac",
  "for",
  "in",
  "while",
  "until",
  "select",
  "function",
  "time",
  "coproc",
  "declare",
  "typeset",
  "export",
  "readonly",
  "local",
  "unset",
  "unsetenv",
  // tree-sitter-bash reads a lone `==` as a test operator, even in a command's arguments.
  "==",
]);

const SPACE = 0x20;
const TAB = 0x09;
const NUMBER = /^-?[0-9]+$/;
const DIGIT_START = /^-?[0-9]/;
/** Command names the fragment accepts: a letter, `_`, `.` or `/` first; no `=`, `%`, `@` or `+`. */
const PLAIN_NAME = /^[A-Za-z_./][A-Za-z0-9_./:,-]*$/;

/** The tree of `src` when it is a plain command, else null (the caller parses it with tree-sitter). */
export function plainTree(src: string): SyntaxNode | null {
  const n = src.length;
  let i = 0;
  const skipBlanks = (): void => {
    while (i < n) {
      const c = src.charCodeAt(i);
      if (c !== SPACE && c !== TAB) return;
      i++;
    }
  };
  skipBlanks();
  if (i === n) return null;
  const program = new SyntaxNode("program", true, i, n);
  const statements: SyntaxNode[] = [];
  for (;;) {
    // One statement: pipelines joined by `&&` / `||`, nested to the left.
    const first = pipelineAt();
    if (first === null) return null;
    let statement: SyntaxNode = first;
    let last: SyntaxNode = first;
    for (;;) {
      skipBlanks();
      const op = operatorAt(i);
      if (op !== "&&" && op !== "||") break;
      // tree-sitter-bash nests `a | b | c && d` as `a | (b | c && d)`: leave that shape to it.
      if (last.type === "pipeline" && last.children.length > 3) return null;
      const opNode = new SyntaxNode(op, false, i, i + 2);
      i += 2;
      skipBlanks();
      const right = pipelineAt();
      if (right === null) return null;
      last = right;
      const list: SyntaxNode = new SyntaxNode("list", true, statement.startIndex, right.endIndex);
      list.children = [statement, opNode, right];
      statement = list;
    }
    statements.push(statement);
    if (i === n) break;
    if (operatorAt(i) !== ";") return null;
    statements.push(new SyntaxNode(";", false, i, i + 1));
    i++;
    skipBlanks();
    if (i === n) break;
  }
  program.children = statements;
  return program;

  function pipelineAt(): SyntaxNode | null {
    const first = commandAt();
    if (first === null) return null;
    let parts: SyntaxNode[] | null = null;
    for (;;) {
      const save = i;
      skipBlanks();
      const op = operatorAt(i);
      if (op !== "|" && op !== "|&") {
        i = save;
        break;
      }
      const opNode = new SyntaxNode(op, false, i, i + op.length);
      i += op.length;
      skipBlanks();
      const next = commandAt();
      if (next === null) return null;
      parts ??= [first];
      parts.push(opNode, next);
    }
    if (parts === null) return first;
    const pipeline = new SyntaxNode("pipeline", true, first.startIndex, (parts[parts.length - 1] as SyntaxNode).endIndex);
    pipeline.children = parts;
    return pipeline;
  }

  function commandAt(): SyntaxNode | null {
    const words: SyntaxNode[] = [];
    for (;;) {
      const start = i;
      while (i < n) {
        const c = src.charCodeAt(i);
        if (c >= 128 || WORD_CHAR[c] !== 1) break;
        i++;
      }
      if (i === start) break;
      const text = src.slice(start, i);
      if (GRAMMAR_WORDS.has(text)) return null;
      if (words.length === 0) {
        // `x=1 a` is an assignment; tree-sitter reads `a%b`, `a@b`, `a+:b` and a lone `-` in command position otherwise.
        if (!PLAIN_NAME.test(text)) return null;
        const name = new SyntaxNode("command_name", true, start, i);
        name.children = [new SyntaxNode("word", true, start, i)];
        words.push(name);
      } else if (NUMBER.test(text)) {
        words.push(new SyntaxNode("number", true, start, i));
      } else {
        if (DIGIT_START.test(text)) return null;
        words.push(new SyntaxNode("word", true, start, i));
      }
      // A word ends at a blank, an operator or the end; anything else is outside the fragment.
      const save = i;
      skipBlanks();
      if (i === n || operatorAt(i) !== null) {
        i = save;
        break;
      }
      if (i === save) return null;
    }
    if (words.length === 0) return null;
    const command = new SyntaxNode("command", true, (words[0] as SyntaxNode).startIndex, (words[words.length - 1] as SyntaxNode).endIndex);
    command.children = words;
    return command;
  }

  /** The operator at `at`, if it is one of the fragment's (`;;`, `&`, `|&&` and the like are not). */
  function operatorAt(at: number): "&&" | "||" | "|" | "|&" | ";" | null {
    const c = src.charCodeAt(at);
    const d = at + 1 < n ? src.charCodeAt(at + 1) : -1;
    if (c === 0x3b) return d === 0x3b || d === 0x26 ? null : ";"; // `;;`, `;&` are case terminators
    if (c === 0x26) return d === 0x26 && (at + 2 >= n || (src.charCodeAt(at + 2) !== 0x26 && src.charCodeAt(at + 2) !== 0x3e)) ? "&&" : null;
    if (c === 0x7c) {
      if (d === 0x7c) return "||";
      if (d === 0x26) return "|&";
      return "|";
    }
    return null;
  }
}
