/**
 * find's expression and fd's exec templates.
 *
 * find: the starting points (operands before the first expression token)
 * are read recursively; `-exec`/`-execdir`/`-ok`/`-okdir` run a command up
 * to `;` or `{} +`, with each `{}` a file name permc cannot know; `-delete`
 * and the `-fprint…`/`-fls` files write.
 */
import { holeWord, type Word } from "../../words/words.js";
import type { Findings } from "../findings.js";
import { parsePrune } from "./find-prune.js";

const EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const WRITES_FILE = new Set(["-fprint", "-fprint0", "-fls", "-fprintf"]);
const READS_FILE = new Set(["-newer", "-anewer", "-cnewer", "-samefile", "-files0-from"]);
/** Expression tokens with one argument (so the argument is not read as a token). */
const ONE_ARG = new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename",
  "-regex",
  "-iregex",
  "-lname",
  "-ilname",
  "-type",
  "-xtype",
  "-user",
  "-group",
  "-uid",
  "-gid",
  "-perm",
  "-size",
  "-mtime",
  "-atime",
  "-ctime",
  "-mmin",
  "-amin",
  "-cmin",
  "-links",
  "-inum",
  "-used",
  "-maxdepth",
  "-mindepth",
  "-printf",
  "-fstype",
  "-context",
  "-regextype",
  "-D",
  "-O",
  "-newerXY",
]);

/** Tokens without an argument: operators, actions, tests and options (with the sets above, every token permc reads). */
const NO_ARG = new Set([
  "(",
  ")",
  "!",
  ",",
  "-not",
  "-a",
  "-and",
  "-o",
  "-or",
  "-print",
  "-print0",
  "-ls",
  "-delete",
  "-prune",
  "-quit",
  "-true",
  "-false",
  "-empty",
  "-readable",
  "-writable",
  "-executable",
  "-nouser",
  "-nogroup",
  "-xdev",
  "-mount",
  "-depth",
  "-follow",
  "-noleaf",
  "-ignore_readdir_race",
  "-noignore_readdir_race",
  "-daystart",
  "-warn",
  "-nowarn",
]);

/** A template argument with `{}` in it stands for a file name. */
function template(w: Word): Word {
  return w.value?.includes("{}") ? holeWord(w) : w;
}

export function find(f: Findings, words: readonly Word[], from: number): void {
  let i = from;
  // Leading options -H -L -P -D debug -O level.
  while (i < words.length) {
    const v = (words[i] as Word).value;
    if (v === "-H" || v === "-L" || v === "-P") i++;
    else if (v === "-D" || v === "-O" || (v !== null && /^-O\d$/.test(v))) i += v === "-D" || v === "-O" ? 2 : 1;
    else break;
  }
  // Starting points, until the first expression token.
  const starts: Word[] = [];
  for (; i < words.length; i++) {
    const w = words[i] as Word;
    const v = w.value;
    if (v !== null && (v.startsWith("-") || v === "(" || v === "!" || v === ",")) break;
    if (v === null && w.loose.startsWith("-")) {
      f.floor("opaque", "find: an expression token depends on an expansion");
      break;
    }
    f.paths.push({ word: w, role: "read" });
    starts.push(w);
  }
  f.walkedOperands = starts;
  // A word bash expands (a glob, braces) is not the word find gets: unknown here.
  f.prune = parsePrune(words.slice(i).map((w) => (w.pattern ? null : w.value)));
  // `-maxdepth N` (the deepest of several), read only when permc knows every word and token: a word bash may split or
  // expand into several (`$X` holding `;` ends an -exec early), or an argument read as a token, would shift it.
  let depthKnown = words.slice(i).every((w) => w.value !== null && !w.pattern);
  let maxDepth = -1;
  for (; i < words.length; i++) {
    const w = words[i] as Word;
    const v = w.value;
    if (v === null) continue;
    if (EXEC.has(v)) {
      let j = i + 1;
      while (j < words.length) {
        const t = (words[j] as Word).value;
        if (t === ";" || (t === "+" && (words[j - 1] as Word).value === "{}")) break;
        j++;
      }
      f.run(words.slice(i + 1, j).map(template));
      i = j;
    } else if (v === "-delete") {
      for (const p of f.paths) if (p.role === "read") f.paths.push({ word: p.word, role: "write" });
    } else if (WRITES_FILE.has(v)) {
      const target = words[i + 1];
      if (target !== undefined) f.paths.push({ word: target, role: "write" });
      i += v === "-fprintf" ? 2 : 1;
    } else if (READS_FILE.has(v)) {
      const target = words[i + 1];
      if (target !== undefined) f.paths.push({ word: target, role: "read" });
      // The starting points are named in that file (or on standard input): any path.
      if (v === "-files0-from") f.namesUnknown = true;
      i++;
    } else if (ONE_ARG.has(v) || /^-newer[amcBt][amcBt]$/.test(v)) {
      const arg = words[i + 1];
      if (v === "-maxdepth") {
        const n = arg?.value;
        if (n !== undefined && n !== null && /^\d{1,6}$/.test(n)) maxDepth = Math.max(maxDepth, Number(n));
        else depthKnown = false;
      }
      i++;
    } else if (!NO_ARG.has(v)) {
      depthKnown = false;
    }
  }
  f.maxDepth = depthKnown && maxDepth >= 0 ? maxDepth : null;
}

/** fd: `-x/--exec CMD…` and `-X/--exec-batch CMD…` up to `;`, placeholders `{}`, `{.}`, `{/}`, `{//}`, `{/.}`. */
export function fd(f: Findings, words: readonly Word[], from: number): void {
  for (let i = from; i < words.length; i++) {
    const v = (words[i] as Word).value;
    if (v === null) continue;
    if (v === "--") break;
    let head: string | null = null;
    if (v === "-x" || v === "--exec" || v === "-X" || v === "--exec-batch") head = "";
    else if (/^--exec(?:-batch)?=/.test(v)) head = v.slice(v.indexOf("=") + 1);
    else if (/^-[^-]*[xX]/.test(v)) head = v.slice(v.search(/[xX]/) + 1);
    if (head === null) continue;
    let j = i + 1;
    while (j < words.length && (words[j] as Word).value !== ";") j++;
    const argv = words.slice(i + 1, j).map((w) => (w.value !== null && /\{[./]*\}|\{\/\/\}|\{\/\.\}/.test(w.value) ? holeWord(w) : w));
    f.run(head === "" ? argv : [{ ...(words[i] as Word), value: head, loose: head, raw: head, start: -1, end: -1 }, ...argv]);
    i = j;
  }
}
