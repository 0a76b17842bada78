/**
 * git aliases defined on the command line (`git -c alias.NAME=VALUE NAME`)
 * run VALUE: a `!` value through the shell, any other as a git command.
 * `git config` that stores a key which runs a command arms it for later.
 * Plumbing that does what a porcelain command does (`send-pack` pushes) is
 * decided as that command too (its record's `sameAs`, knowledge/git.ts).
 */
import { syntheticWord, type Word } from "../../words/words.js";
import type { Findings } from "../findings.js";
import { GIT } from "../knowledge/git.js";
import { GIT_COMMAND_KEYS } from "../knowledge/variables.js";
import type { ParsedArguments } from "../parse-options.js";

export function gitAlias(f: Findings, words: readonly Word[], from: number, args: ParsedArguments): void {
  if (words[from - 1]?.value === "config") {
    storesCommand(f, words, args);
    return;
  }
  const aliases = new Map<string, string>();
  for (const o of args.options) {
    if (o.name !== "c" || o.value === null) continue;
    const m = /^alias\.([^=]+)=(.*)$/is.exec(o.value);
    if (m !== null) aliases.set((m[1] as string).toLowerCase(), m[2] as string);
  }
  const subIndex = args.operands[0];
  if (subIndex === undefined) return;
  const sub = (words[subIndex] as Word).value;
  if (sub === null) return;
  const rest = words.slice(subIndex + 1);
  const value = aliases.get(sub.toLowerCase());
  if (value === undefined) {
    const subs = GIT().subcommands;
    const same = subs !== undefined && Object.hasOwn(subs, sub) ? subs[sub]?.sameAs : undefined;
    if (same !== undefined) f.run([syntheticWord("git"), syntheticWord(same), ...rest]);
    return;
  }
  if (value.startsWith("!")) {
    f.floor("opaque", `git alias ${sub} runs a shell command`);
    f.payloads.push([value.slice(1), ...rest.map((w) => w.loose)].join(" "));
  } else {
    f.run([
      syntheticWord("git"),
      ...value
        .split(/\s+/)
        .filter((s) => s !== "")
        .map(syntheticWord),
      ...rest,
    ]);
  }
}

/** `git config [--global] KEY VALUE`, `git config set KEY VALUE`: storing a command key runs it later. */
function storesCommand(f: Findings, words: readonly Word[], args: ParsedArguments): void {
  for (const i of args.operands) {
    const w = words[i] as Word;
    const key = w.value;
    if (key === null) {
      f.floor("opaque", "git config: a key depends on an expansion");
      continue;
    }
    if (!GIT_COMMAND_KEYS.test(key)) continue;
    const value = words[args.operands[args.operands.indexOf(i) + 1] ?? -1];
    const reading = value === undefined || args.options.some((o) => /^(get|get-all|get-regexp|unset|unset-all|list|l)$/.test(o.name));
    if (reading) continue;
    f.floor("opaque", `git config stores ${key}, which makes git run a command`);
    if (value.loose.startsWith("!")) f.payloads.push(value.loose.slice(1));
    else if (!/^alias\./i.test(key)) f.payloads.push(value.loose);
    return;
  }
}
