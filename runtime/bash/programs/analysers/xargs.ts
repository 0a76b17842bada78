/**
 * xargs runs its command with arguments read from standard input: the
 * inner command gets one more word permc cannot know (or, with `-I R`,
 * each `R` becomes one), which may name any path. With no command it runs `echo`.
 */
import { inputWord, syntheticWord, type Word } from "../../words/words.js";
import type { Findings } from "../findings.js";
import type { ParsedArguments } from "../parse-options.js";

export function xargs(f: Findings, _words: readonly Word[], _from: number, args: ParsedArguments): void {
  let replace: string | null = null;
  for (const o of args.options) {
    if (o.name === "I") replace = o.value;
    else if ((o.name === "i" || o.name === "replace") && o.value !== null) replace = o.value === "" ? "{}" : o.value;
  }
  const first = args.operands[0];
  const inner = f.inner.pop();
  const argv = inner !== undefined && first !== undefined ? inner.words : [syntheticWord("echo")];
  const fed = replace === null ? [...argv, inputWord(syntheticWord(""))] : argv.map((w) => (w.value?.includes(replace as string) ? inputWord(w) : w));
  f.run(fed);
}
