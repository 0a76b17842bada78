/**
 * Command lines inside arguments: GNU parallel's command (up to `:::`),
 * which it runs through a shell for each input, and an editor's `!`
 * commands (`vim +'!rm x'`, `vim -c '!rm x'`).
 */
import type { Word } from "../../words/words.js";
import type { Findings } from "../findings.js";
import type { ParsedArguments } from "../parse-options.js";

const INPUT_SOURCE = /^:::[:+]*$/;

export function parallel(f: Findings, _words: readonly Word[], _from: number, args: ParsedArguments): void {
  const first = args.operands[0];
  // The generic interpreter took every operand as the command: stop at the first input source.
  const argv = f.inner.pop();
  if (first === undefined || argv === undefined) return;
  const end = argv.words.findIndex((w) => w.value !== null && INPUT_SOURCE.test(w.value));
  const command = end < 0 ? argv.words : argv.words.slice(0, end);
  f.run(command);
  if (command.length > 0) f.payloads.push(command.map((w) => w.loose).join(" "));
}

/** `+CMD`, `-c CMD`, `--cmd CMD`: an ex command; `!` hands the rest to a shell. */
export function editorBang(f: Findings, _words: readonly Word[], _from: number, args: ParsedArguments): void {
  for (const o of args.options) {
    if (!["+", "c", "cmd", "s"].includes(o.name) || o.value === null) continue;
    const bang = o.value.indexOf("!");
    if (bang >= 0) f.payloads.push(o.value.slice(bang + 1));
  }
}

/** `flock FILE -c CMD`: after the lock file, `-c`/`--command` hands CMD to a shell instead of running an argv. */
export function flock(f: Findings): void {
  const last = f.inner[f.inner.length - 1];
  const flag = last?.words[0]?.value;
  if (last === undefined || (flag !== "-c" && flag !== "--command")) return;
  f.inner.pop();
  const command = last.words[1];
  if (command !== undefined) f.payloads.push(command.loose);
  f.floor("opaque", "flock -c runs a shell command line");
}
