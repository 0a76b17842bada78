/**
 * Standard-input flow: whether a command's stdin is fed (a pipe, an input
 * redirect, a heredoc, a here-string) and, when the feeding text is static,
 * what it is. Shells and interpreters reading stdin run that text, so the
 * program analysers judge it (`echo 'rm x' | sh`) or floor the command when
 * it is unknown. Facts only: nothing here adds units.
 */
import { spellingsForSearch } from "../paths/uncertain-directory.js";
import { cookWord } from "../words/words.js";
import type { SyntaxNode } from "../syntax/syntax.js";

/** Input facts a statement's redirects and a heredoc's body give its children. */
export interface StatementInput {
  /** An input redirect of the statement feeds its command. */
  redirected: boolean;
  /** Static text that redirect feeds, or null when unknown. */
  redirectText: string | null;
  /** Text a heredoc feeds into the pipeline that follows its operator. */
  pipeText: string | null;
  /** The heredoc's delimiter is quoted: its body is literal. */
  literalBody: boolean;
}

/** What a `redirected_statement` or `heredoc_redirect` feeds; other nodes pass `pipeText` through. */
export function statementInput(node: SyntaxNode, src: string, home: string, pipeText: string | null): StatementInput {
  const out: StatementInput = { redirected: false, redirectText: null, pipeText, literalBody: false };
  if (node.type === "redirected_statement") {
    for (const c of node.children) {
      const input = inputRedirect(c, src, home);
      // The last input redirect is what the command reads, known or not.
      if (input !== undefined) {
        out.redirected = true;
        out.redirectText = input;
      }
    }
  } else if (node.type === "heredoc_redirect") {
    for (const c of node.children) {
      if (c.type === "heredoc_start") out.literalBody = /['"\\]/.test(src.slice(c.startIndex, c.endIndex));
      if (c.type === "heredoc_body") out.pipeText = src.slice(c.startIndex, c.endIndex);
    }
  }
  return out;
}

/** What `echo …` or `printf …` writes into a pipe, when its words are static. */
export function echoedText(node: SyntaxNode | null, src: string, home: string): string | null {
  if (node === null || node.type !== "command") return null;
  const words: string[] = [];
  let named = false;
  for (const c of node.namedChildren) {
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
export function inputRedirect(node: SyntaxNode, src: string, home: string): string | null | undefined {
  if (node.type === "heredoc_redirect") {
    for (const c of node.children) {
      if (c.type === "heredoc_body") return src.slice(c.startIndex, c.endIndex);
    }
    return null;
  }
  if (node.type === "herestring_redirect") {
    const word = node.namedChildren[0];
    return word === undefined ? null : cookWord(word, src, { home }).loose;
  }
  if (node.type === "file_redirect") {
    // tree-sitter reads `0` before `<` or `>&` as a word of its own (or another redirect's): bash reads a word of
    // digits right before the operator as its descriptor. Standard input given anything else is unknown input
    // (`sh 3< <(echo rm x) 0>&3`).
    if (descriptorBefore(node, src) === "0") return null;
    let descriptor: string | null = null;
    for (const c of node.children) {
      if (c.type === "file_descriptor") descriptor = src.slice(c.startIndex, c.endIndex);
      if (!c.isNamed && (c.type === "<" || c.type === "<&" || c.type === "<>" || c.type === "<&-")) {
        if (descriptor !== null && descriptor !== "0") return undefined;
        // `< /dev/null` feeds nothing (`gcc -E -dM - < /dev/null`).
        const target = c.type === "<" ? node.namedChildren.find((n) => n.type !== "file_descriptor") : undefined;
        return target !== undefined && cookWord(target, src, { home }).value === "/dev/null" ? "" : null;
      }
    }
  }
  return undefined;
}

/** `exec` as a word, quotes and backslashes removed (`e''xec`). */
const EXEC_WORD = /(?:^|[^\w.-])exec(?![\w.-])/;

/**
 * The text may hand the shell another standard input with `exec` and an input redirect (`exec <<< 'rm x'; sh`,
 * `exec < <(…); ed`): every command after it reads that, which no redirect of its own shows. Read from the text, as
 * the search for `cd` is (an `exec` with any `<` anywhere): a bare interpreter in such a command reads unknown code.
 */
export function execMayFeedStdin(text: string): boolean {
  // `<` anywhere, or descriptor 0 given another (`exec 0>&63`: a coprocess's read end).
  return (text.includes("<") || /(?:^|[^\w])0>/.test(text)) && spellingsForSearch(text).some((t) => EXEC_WORD.test(t));
}

/** The digits bash reads as a redirect's descriptor that tree-sitter left outside it (`sh 0<<<x`), or null. */
export function descriptorBefore(node: SyntaxNode, src: string): string | null {
  if (node.children.some((c) => c.type === "file_descriptor")) return null;
  const digits = /(?:^|[\s;&|(])(\d+)$/.exec(src.slice(Math.max(0, node.startIndex - 12), node.startIndex));
  return digits?.[1] ?? null;
}
