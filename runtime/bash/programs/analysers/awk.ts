/**
 * awk programs: permc floors a program that can run a command (`system()`,
 * a pipe to or from a command, `|&`), write a file (`print > f`), read a
 * named file (`getline < f`), load code (`@include`, `@load`), call a
 * function a string names (gawk's `@f()`) or rewrite the list of files it
 * reads (`ARGV[1]=".env"`: its operands are then not the files it reads). Strings
 * and regular expressions are blanked first, so `/a|b/` and `"x | y"` are
 * text, not pipes.
 */
import { syntheticWord, type Word } from "../../words/words.js";
import type { Findings } from "../findings.js";
import type { ParsedArguments } from "../parse-options.js";

export function awk(f: Findings, words: readonly Word[], _from: number, args: ParsedArguments): void {
  const programs: Word[] = [];
  let fromFile = false;
  for (const o of args.options) {
    if ((o.name === "e" || o.name === "source") && o.value !== null) programs.push(syntheticWord(o.value));
    // gawk's `-i LIB` includes a library and still takes the program from the command line (`-i inplace '…' f`).
    if (["f", "file", "E", "exec"].includes(o.name)) fromFile = true;
    // `-i inplace` rewrites the files it reads with what the program prints.
    if ((o.name === "i" || o.name === "include") && o.value !== null && /(?:^|\/)inplace(?:\.awk)?$/.test(o.value)) f.editsInPlace = true;
  }
  const first = args.operands[0];
  if (programs.length === 0 && !fromFile) {
    if (first !== undefined) programs.push(words[first] as Word);
  } else if (first !== undefined) {
    f.paths.push({ word: words[first] as Word, role: "read" });
  }
  for (const p of programs) {
    if (p.value === null) {
      f.floor("opaque", "the awk program depends on an expansion");
      continue;
    }
    const why = awkRuns(p.value);
    if (why !== null) f.floor("opaque", `awk: ${why}`);
  }
}

/** Why an awk program is not a pure reader, or null. */
export function awkRuns(program: string): string | null {
  const code = blankLiterals(program);
  if (/\bsystem\s*\(/.test(code)) return "system() runs a shell command";
  if (/\|&/.test(code)) return "|& talks to a coprocess";
  if (/(?<!\|)\|(?!\|)/.test(code)) return "a pipe runs a shell command";
  if (/@\s*(?:include|load|namespace)\b/.test(code)) return "it loads more code";
  // gawk's indirect call: `f = "system"; @f("cmd")` calls whatever function a string names.
  if (/@\s*[A-Za-z_]\w*\s*\(/.test(code)) return "an indirect call (@name()) may call system()";
  if (/\bgetline\b[^;{}\n]*</.test(code)) return "getline < reads a named file";
  if (namesItsInput(code)) return "it may change ARGV, the list of files it reads";
  for (const statement of printStatements(code)) {
    if (statement.includes(">")) return "print > writes a file";
  }
  return null;
}

/**
 * awk reads the files ARGV lists from 1 to ARGC-1, and the program may change
 * both (`ARGV[1]=".env"`, `ARGV[ARGC++]=f`, `split("x /etc/passwd", ARGV)`):
 * the names are then data permc does not follow. The program can reach ARGV
 * only by naming it, or in gawk through SYMTAB (`SYMTAB["AR" "GV"][1]`), so a
 * program that mentions any of them is taken to rewrite it. PROCINFO["argv"]
 * is a read-only copy; FILENAME is only read.
 */
function namesItsInput(code: string): boolean {
  return /\b(?:ARGV|ARGC|SYMTAB)\b/.test(code);
}

/**
 * Strings become `""` and regular expression literals `//`, and a line
 * continuation a space (a comment ends at its newline all the same). A `/` starts a
 * regex where an operand is expected (after an operator, `(`, `,`, `{`,
 * `;`, `!`, `~`, a newline or at the start), and is division otherwise.
 */
function blankLiterals(p: string): string {
  let out = "";
  let operandBefore = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i] as string;
    if (c === '"') {
      let j = i + 1;
      while (j < p.length && p[j] !== '"') j += p[j] === "\\" ? 2 : 1;
      out += '""';
      i = j;
      operandBefore = true;
      continue;
    }
    if (c === "/" && !operandBefore) {
      let j = i + 1;
      let inClass = false;
      while (j < p.length) {
        const d = p[j] as string;
        if (d === "\\") j++;
        else if (d === "[") inClass = true;
        else if (d === "]") inClass = false;
        else if (d === "/" && !inClass) break;
        else if (d === "\n") break;
        j++;
      }
      out += "//";
      i = j;
      operandBefore = true;
      continue;
    }
    // A backslash before a newline continues the line: whitespace between tokens, so a `/` after it
    // divides when an operand came before (`x = 1 \⏎ / (system("…")) / 1` is no regex).
    if (c === "\\") {
      const newline = p[i + 1] === "\r" && p[i + 2] === "\n" ? i + 2 : p[i + 1] === "\n" ? i + 1 : -1;
      if (newline > 0) {
        out += " ";
        i = newline;
        continue;
      }
    }
    if (c === "#") {
      while (i < p.length && p[i] !== "\n") i++;
      out += "\n";
      operandBefore = false;
      continue;
    }
    out += c;
    if (/[\w$)\]]/.test(c)) operandBefore = true;
    else if (!/\s/.test(c) || c === "\n") operandBefore = false;
  }
  return out;
}

/** The text of each print/printf statement up to `;`, `}` or a newline at bracket depth 0. */
function printStatements(code: string): string[] {
  const out: string[] = [];
  const re = /\bprintf?\b/g;
  for (let m = re.exec(code); m !== null; m = re.exec(code)) {
    let depth = 0;
    let j = m.index + m[0].length;
    let text = "";
    for (; j < code.length; j++) {
      const c = code[j] as string;
      if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
      if (depth < 0 || (depth === 0 && (c === ";" || c === "}" || c === "\n"))) break;
      if (depth === 0) text += c;
    }
    out.push(text);
  }
  return out;
}
