/** trap, alias, shopt and coproc: builtins that arm code to run later or in the background. */
import type { Word } from "../../words.js";
import type { Findings } from "../findings.js";

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

/** `shopt -s expand_aliases` makes later alias definitions run; permc floors that switch. */
export function shopt(f: Findings, words: readonly Word[], from: number): void {
  const setting = words.slice(from).some((w) => w.value === "-s");
  if (setting && words.slice(from).some((w) => w.value === null || w.value === "expand_aliases" || w.value === "extdebug")) {
    f.floor("opaque", "shopt changes how later commands are read");
  }
}

/** `coproc [NAME] COMMAND…`, or `coproc NAME { …; }` split into words by tree-sitter: the command after the name runs. */
export function coproc(f: Findings, words: readonly Word[], from: number): void {
  const second = words[from + 1]?.value;
  const start = second === "{" || second === "(" ? from + 2 : from;
  const end = words[words.length - 1]?.value === "}" || words[words.length - 1]?.value === ")" ? words.length - 1 : words.length;
  f.run(words.slice(start, Math.max(start, end)).filter((w, i, all) => !(i === all.length - 1 && w.value === ";")));
}
