/** trap, alias, shopt, set and coproc: builtins that arm code to run later or in the background, or change how bash reads it. */
import type { Word } from "../../words/words.js";
import { HARMLESS_SET_LETTERS, HARMLESS_SET_NAMES, HARMLESS_SHOPT_OPTIONS } from "../knowledge/shell-options.js";
import { assignment } from "../environment-assignment.js";
import type { Findings } from "../findings.js";
import { ASSIGNMENT_WORD } from "../parse-options.js";

/** `trap [-lp] [[ACTION] SIGNAL…]`: ACTION runs on the signal (`-` and `''` reset or ignore). */
export function trap(f: Findings, words: readonly Word[], from: number): void {
  let i = from;
  if (words[i]?.value === "--") i++;
  const action = words[i];
  if (action === undefined || words.length <= i + 1) return;
  const v = action.value;
  if (v === "-" || v === "" || (v !== null && /^-[lpP]+$/.test(v))) return;
  if (v === null) f.floor("opaque", "trap's action depends on an expansion");
  f.payloads.push(action.loose);
}

/** `alias NAME=VALUE…`: VALUE runs wherever NAME is used (with expand_aliases). */
export function alias(f: Findings, words: readonly Word[], from: number): void {
  for (let i = from; i < words.length; i++) {
    const w = words[i] as Word;
    const eq = w.loose.indexOf("=");
    if (eq > 0 && !w.loose.startsWith("-")) f.payloads.push(w.loose.slice(eq + 1));
    else if (w.value === null) f.floor("opaque", "an alias definition depends on an expansion");
  }
}

/**
 * `shopt -s NAME` / `shopt -u NAME` (and `shopt -o`, which is `set -o`):
 * an option that changes how later commands are read floors
 * (knowledge/shell-options.ts); printing and querying do not.
 */
export function shopt(f: Findings, words: readonly Word[], from: number): void {
  const args = words.slice(from);
  const changes = args.some((w) => w.value === null || (w.value.startsWith("-") && /[su]/.test(w.value)));
  if (!changes) return;
  const setOptions = args.some((w) => w.value?.startsWith("-") && w.value.includes("o"));
  for (const w of args) {
    if (w.value?.startsWith("-")) continue;
    const known = w.value !== null && (setOptions ? HARMLESS_SET_NAMES : HARMLESS_SHOPT_OPTIONS).has(w.value);
    if (!known) return f.floor("opaque", `shopt changes how later commands are read (${w.value ?? w.loose})`);
  }
}

/**
 * `set [-abefhkmnptuvxBCEHPT] [-o NAME] [--] [ARG…]`: an option that changes
 * how later commands are read floors (`-P` makes `cd` physical, `-k` takes
 * assignments anywhere in a command line, `+B` turns brace expansion off…);
 * positional arguments do not.
 */
export function set(f: Findings, words: readonly Word[], from: number): void {
  for (let i = from; i < words.length; i++) {
    const v = words[i]?.value ?? null;
    if (v === null) return f.floor("opaque", "set changes bash's options with a word permc cannot know");
    if (v === "--" || v === "-" || !(v.startsWith("-") || v.startsWith("+"))) return;
    for (const letter of v.slice(1)) {
      if (letter === "o") {
        const name = words[i + 1]?.value ?? null;
        // `set -o` alone prints the options.
        if (words[i + 1] === undefined) return;
        if (name === null || !HARMLESS_SET_NAMES.has(name)) return f.floor("opaque", `set -o ${name ?? "…"} changes how later commands are read`);
        i++;
        break;
      }
      if (!HARMLESS_SET_LETTERS.includes(letter)) return f.floor("opaque", `set ${v[0]}${letter} changes how later commands are read`);
    }
  }
}

/** `coproc [NAME] COMMAND…`, or `coproc NAME { …; }` split into words by tree-sitter: the command after the name runs. */
export function coproc(f: Findings, words: readonly Word[], from: number): void {
  const second = words[from + 1]?.value;
  let start = second === "{" || second === "(" ? from + 2 : from;
  const end = words[words.length - 1]?.value === "}" || words[words.length - 1]?.value === ")" ? words.length - 1 : words.length;
  // `coproc PATH=. ls`: a simple command's assignments are its environment, as in front of any command.
  for (let w = words[start]; start < end && w?.value != null && ASSIGNMENT_WORD.test(w.value); w = words[++start]) assignment(f, w);
  f.run(words.slice(start, Math.max(start, end)).filter((w, i, all) => !(i === all.length - 1 && w.value === ";")));
}
