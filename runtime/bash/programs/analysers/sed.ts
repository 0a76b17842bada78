/**
 * sed scripts, read command by command (GNU sed 4.9): `e` and the `e` flag
 * of `s` run shell commands; `r`/`R` read a file and `w`/`W` (and the `w`
 * flag) write one. A command permc does not know floors the command.
 */
import { syntheticWord, type Word } from "../../words/words.js";
import type { Findings } from "../findings.js";
import type { ParsedArguments } from "../parse-options.js";

export function sed(f: Findings, words: readonly Word[], _from: number, args: ParsedArguments): void {
  const scripts: Word[] = [];
  let fromFile = false;
  for (const o of args.options) {
    if ((o.name === "e" || o.name === "expression") && o.value !== null) scripts.push(syntheticWord(o.value));
    if (o.name === "f" || o.name === "file") fromFile = true;
  }
  if (scripts.length === 0 && !fromFile) {
    const first = args.operands[0];
    if (first !== undefined) scripts.push(words[first] as Word);
  } else {
    // With -e or -f, every operand is an input file.
    const first = args.operands[0];
    if (first !== undefined) f.paths.push({ word: words[first] as Word, role: "read" });
  }
  for (const w of scripts) {
    if (w.value === null) {
      f.floor("opaque", "the sed script depends on an expansion");
      continue;
    }
    readScript(f, w.value);
  }
}

const NO_ARGUMENT = new Set(["=", "d", "D", "g", "G", "h", "H", "n", "N", "p", "P", "x", "z", "F"]);
const OPTIONAL_NUMBER = new Set(["l", "L", "q", "Q"]);

function readScript(f: Findings, s: string): void {
  let i = 0;
  const n = s.length;
  const restOfLine = (): string => {
    let j = i;
    while (j < n && s[j] !== "\n") j++;
    const out = s.slice(i, j);
    i = j;
    return out;
  };
  const skipBlanks = (): void => {
    while (i < n && (s[i] === " " || s[i] === "\t")) i++;
  };
  /** A delimited part (`/re/`, a replacement): returns false when unterminated. */
  /** A regex's bracket expression may hold the delimiter; a replacement's may not. */
  const delimited = (d: string, regex: boolean): boolean => {
    let inClass = false;
    for (; i < n; i++) {
      const c = s[i] as string;
      if (c === "\\") {
        i++;
        continue;
      }
      if (regex) {
        if (c === "[" && !inClass) inClass = true;
        else if (c === "]" && inClass) inClass = false;
      }
      if (c === d && !inClass) {
        i++;
        return true;
      }
      if (c === "\n" && d !== "\n") return false;
    }
    return false;
  };
  const address = (): boolean => {
    const c = s[i];
    if (c === undefined) return false;
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9~]/.test(s[i] as string)) i++;
      return true;
    }
    if (c === "$") {
      i++;
      return true;
    }
    if (c === "/" || c === "\\") {
      const d = c === "/" ? "/" : (s[i + 1] as string);
      i += c === "/" ? 1 : 2;
      if (!delimited(d, true)) return false;
      while (i < n && (s[i] === "I" || s[i] === "M")) i++;
      return true;
    }
    return false;
  };
  const unsure = (why: string): void => f.floor("opaque", `sed: ${why}`);

  while (i < n) {
    while (i < n && /[\s;]/.test(s[i] as string)) i++;
    if (i >= n) break;
    if (s[i] === "#") {
      restOfLine();
      continue;
    }
    if (address()) {
      skipBlanks();
      if (s[i] === ",") {
        i++;
        skipBlanks();
        if (s[i] === "+" || s[i] === "~") {
          i++;
          while (i < n && /[0-9]/.test(s[i] as string)) i++;
        } else if (!address()) return unsure("an address permc cannot read");
      }
    }
    skipBlanks();
    while (s[i] === "!") {
      i++;
      skipBlanks();
    }
    const cmd = s[i];
    if (cmd === undefined) return unsure("an address without a command");
    i++;
    if (cmd === "{" || cmd === "}") continue;
    if (NO_ARGUMENT.has(cmd)) continue;
    if (OPTIONAL_NUMBER.has(cmd)) {
      skipBlanks();
      while (i < n && /[0-9]/.test(s[i] as string)) i++;
      continue;
    }
    if (cmd === ":" || cmd === "b" || cmd === "t" || cmd === "T" || cmd === "v") {
      while (i < n && s[i] !== "\n" && s[i] !== ";") i++;
      continue;
    }
    if (cmd === "a" || cmd === "i" || cmd === "c") {
      // Text to the end of the line; a trailing backslash continues it.
      while (i < n) {
        const line = restOfLine();
        if (!line.endsWith("\\") || i >= n) break;
        i++;
      }
      continue;
    }
    if (cmd === "r" || cmd === "R") {
      skipBlanks();
      f.paths.push({ word: syntheticWord(restOfLine()), role: "read" });
      continue;
    }
    if (cmd === "w" || cmd === "W") {
      skipBlanks();
      f.paths.push({ word: syntheticWord(restOfLine()), role: "write" });
      continue;
    }
    if (cmd === "e") return unsure("the e command runs a shell command");
    if (cmd === "s" || cmd === "y") {
      const d = s[i];
      if (d === undefined || d === "\n" || d === "\\") return unsure(`a ${cmd} command permc cannot read`);
      i++;
      if (!delimited(d, cmd === "s") || !delimited(d, false)) return unsure(`an unterminated ${cmd} command`);
      if (cmd === "y") continue;
      while (i < n && /[gpiImMe0-9]/.test(s[i] as string)) {
        if (s[i] === "e") return unsure("the e flag of s runs the pattern space as a shell command");
        i++;
      }
      if (s[i] === "w") {
        i++;
        skipBlanks();
        f.paths.push({ word: syntheticWord(restOfLine()), role: "write" });
      }
      continue;
    }
    return unsure(`permc does not know the command ${JSON.stringify(cmd)}`);
  }
}
