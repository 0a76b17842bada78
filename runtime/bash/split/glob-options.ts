/**
 * A glob bash expands into names that are options to the program. `tar -cf o.tar *` in a directory holding a file
 * named `--checkpoint-action=exec=sh x.sh` runs `sh x.sh`: bash hands the name to tar as a word, and tar reads a word
 * that starts with `-` as an option, wherever it stands (GNU programs take options after operands too, and `find`
 * reads one after its paths as an expression). permc reads the glob as names of files, so such a command is floored
 * where it may happen: its glob starts with a wildcard (`*`, `*.log`, `?x`, `[…]x`: none spelled before it, as in
 * `./*`), and the directory it lists holds a name that starts with `-`, or permc cannot know what that directory
 * holds when bash expands the glob (something of the call may write first, or the directory is not known).
 */
import { type Dir, opendirSync } from "node:fs";
import { expandBraces } from "../words/word-pattern.js";
import type { CommandView } from "../programs/findings.js";
import type { Word } from "../words/words.js";
import { push, type Env } from "./state.js";
import type { RawPathToken } from "../paths/types.js";
import type { BashUnit, GlobOption } from "./types.js";
import { nothingWritesFirst } from "./nothing-writes-first.js";

/** A glob, or a brace alternative, that begins with a wildcard: its matches may begin with any character bash lists. */
const WILDCARD_FIRST = /^(?:[*?[]|[@+!]\()/;

/**
 * The first word after the command name whose expansion may start with `-` through a glob, or null. For a program
 * that reads `KEY=VALUE` words (`keyValue`: dd's `if=FILE`, make's variables, env's assignments) any glob: `i*` may
 * name a file `if=.env`.
 */
export function globMayExpandToOption(words: readonly Word[], keyValue = false): string | null {
  for (let k = 1; k < words.length; k++) {
    const w = words[k] as Word;
    if (!w.pattern) continue;
    if (keyValue || WILDCARD_FIRST.test(w.raw)) return w.raw;
    if (!w.raw.includes("{")) continue;
    // `{*,x}`: each alternative is a word of its own; past the expansion's cap, any.
    const alternatives = expandBraces(w.raw);
    if (alternatives === null || alternatives.some((a) => WILDCARD_FIRST.test(a))) return w.raw;
  }
  return null;
}

/**
 * Whether the call's text starts with this command (of the top-level source), with no substitution before its last
 * word, and a list operator, `;`, a newline or the end after it: no pipeline stage beside it, nothing in the
 * background, no redirect (`rm -f *.o && make`). Then nothing of the call has started when bash expands its words.
 */
export function runsFirst(view: CommandView): boolean {
  const first = view.words[0];
  const last = view.words[view.words.length - 1];
  if (first === undefined || last === undefined || first.start !== 0 || last.end < 0) return false;
  if (/[`]|\$\(|[<>]\(/.test(view.src.slice(0, last.end))) return false;
  return /^[ \t]*(?:$|;|\n|&&|\|\|)/.test(view.src.slice(last.end));
}

/** A redirect's target written as plain text whose name is no option and holds no `=` (`> out.txt`, `>> logs/b.log`). */
const PLAIN_TARGET = /^(?:[\w.+,:@%/-]*\/)?[\w.+,:@%][\w.+,:@%-]*$/;

/**
 * Nothing of the call makes a name like an option before bash expands a glob in it: nothing writes first
 * (split/nothing-writes-first.ts) but redirects to plain files that are no option (`cat *.log | sort > out.txt`):
 * the files there may change then, but not into options.
 */
export function noOptionNamesMadeFirst(units: readonly BashUnit[], tokens: readonly RawPathToken[]): boolean {
  return nothingWritesFirst(
    units,
    tokens.filter((t) => !(t.isFile === true && PLAIN_TARGET.test(t.token))),
  );
}

/**
 * Floors each noted command whose glob may name an option: unless nothing of the call writes before bash expands it
 * (`expandsNow`: split/nothing-writes-first.ts; or the command runs first) and its directory holds no name that
 * starts with `-` now that the glob may match.
 */
export function floorGlobOptions(env: Env, noted: readonly GlobOption[], expandsNow: boolean): void {
  const listed = new Map<string, readonly string[] | null>();
  /** The names in `dir` a program may read as an option, or as a `KEY=VALUE` word when it takes those; null past the bound. */
  const wordlikeNames = (dir: string, keyValue: boolean): readonly string[] | null => {
    let names = listed.get(dir);
    if (names === undefined) {
      names = wordlikeNamesIn(dir);
      listed.set(dir, names);
    }
    return names === null || keyValue ? names : names.filter((n) => n.startsWith("-"));
  };
  for (const g of noted) {
    const listedNow = expandsNow || g.runsFirst;
    const names = listedNow && g.dir !== null ? wordlikeNames(g.dir, g.keyValue) : null;
    if (names !== null && !names.some((n) => mayMatch(g.word, n))) continue;
    const shape = g.keyValue ? "starts with `-` or holds `=`" : "starts with `-`";
    const why =
      names !== null
        ? `${g.dir} holds a name that ${shape}`
        : listedNow && g.dir !== null
          ? `${g.dir} holds more than ${MAX_LISTED_ENTRIES} names, and permc read no further`
          : `permc cannot know whether a name there ${shape} when bash expands it`;
    push(env, {
      text: g.text,
      ...(g.context !== undefined ? { context: g.context } : {}),
      floor: {
        kind: "opaque",
        reason: `bash expands ${g.word} into the names of files, and a name that ${shape} is ${g.keyValue ? "an option or a `KEY=VALUE` word" : "an option"} to the program: ${why}`,
      },
      derived: true,
      derivation: "glob-option",
    });
  }
}

/**
 * Whether the glob's first component may match `name`: tested exactly when it is plain text and `*` (`*.log`), else
 * assumed (`?`, brackets, quotes, braces, expansions).
 */
function mayMatch(glob: string, name: string): boolean {
  const first = glob.split("/")[0] as string;
  if (!/^[\w.,:=%+@*-]*$/.test(first)) return true;
  const pattern = first.replace(/[.+]/g, "\\$&").replaceAll("*", "[^/]*");
  return new RegExp(`^${pattern}$`).test(name);
}

/** Entries of one directory read, at most, for names like options: past them any name may be there (a hostile directory). */
export const MAX_LISTED_ENTRIES = 4_096;

/**
 * The names in `dir` that start with `-` or hold `=`, or null past MAX_LISTED_ENTRIES; none where it cannot be read,
 * as bash, listing it for the same user at the same moment, finds none.
 */
function wordlikeNamesIn(dir: string): string[] | null {
  let d: Dir;
  try {
    d = opendirSync(dir);
  } catch {
    return [];
  }
  try {
    const out: string[] = [];
    for (let seen = 0; ; seen++) {
      const entry = d.readSync();
      if (entry === null) return out;
      if (seen >= MAX_LISTED_ENTRIES) return null;
      if (entry.name.startsWith("-") || entry.name.includes("=")) out.push(entry.name);
    }
  } catch {
    return null;
  } finally {
    d.closeSync();
  }
}
