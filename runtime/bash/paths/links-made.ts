/**
 * The links a command makes, by its program's name and its words as cooked:
 * `ln -s TARGET NAME` a link permc follows (NAME/… reaches TARGET/…); any
 * other spelling of a link maker (`ln -s -t DIR T`, `ln -s T DIR/`, `cp -s`,
 * `cp -rs`) links permc does not place exactly, so another path at or under
 * any of its operands may reach anywhere (MadeRoot); and a copy that keeps
 * links (`cp -P LINK x`, `rsync -l`) a link to where its source points, or,
 * for a source permc cannot know, made roots. The path collection asks it of
 * each command it meets, the walk of each command a wrapper runs (`env ln
 * -s ~/.ssh k`, `find … -exec ln -s {} k`): the program is the one bash runs
 * (`/bin/ln` is ln).
 */
import { resolve } from "node:path";
import { SYMLINK_MAKERS } from "../programs/knowledge/symlink-makers.js";
import { copiedLinks, keepsLinks } from "./copied-links.js";
import type { MadeRoot, PathBase } from "./types.js";
import type { Word } from "../words/words.js";

/** Where the links found go (the collector's lists, or the split's). */
export interface MadeLinks {
  readonly symlinks: Array<{ readonly name: string; readonly target: string }>;
  readonly madeRoots: MadeRoot[];
}

/** Whether `program` may make links (the words are read only then). */
export function makesLinks(program: string): boolean {
  return Object.hasOwn(SYMLINK_MAKERS, program) || keepsLinks(program);
}

/** Note the links `program` makes with the cooked `args` (its words after its name) in `base`. */
export function noteLinksMade(program: string, args: readonly Word[], base: PathBase, out: MadeLinks): void {
  const maker = Object.hasOwn(SYMLINK_MAKERS, program) ? SYMLINK_MAKERS[program] : undefined;
  if (maker !== undefined) {
    const values = args.map((w) => w.value);
    if (values.some((v) => v !== null && maker.option.test(v))) {
      const operands = noteMadeRoots(values, base, out);
      if (maker.targetThenName && operands.length >= 2 && base.known) {
        const target = operands[0] as string;
        const name = operands[operands.length - 1] as string;
        out.symlinks.push({ name: resolve(base.dir, name), target: resolve(base.dir, target) });
      }
    }
  }
  if (!base.known || !keepsLinks(program)) return;
  const made = copiedLinks(program, args, base.dir);
  if (made === null)
    noteMadeRoots(
      args.map((w) => w.value),
      base,
      out,
    );
  else for (const link of made) out.symlinks.push(link);
}

/** Each operand is a place the command may make a link permc cannot see: any path at or under it may reach anywhere. Returns the known operands. */
function noteMadeRoots(values: readonly (string | null)[], base: PathBase, out: MadeLinks): string[] {
  const operands = values.filter((v): v is string => v !== null && !v.startsWith("-"));
  for (const v of values) {
    if (v === null || !v.startsWith("-")) out.madeRoots.push({ token: v ?? "", base: v === null ? { known: false } : base, own: operands });
  }
  return operands;
}
