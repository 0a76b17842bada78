/**
 * An output that is one of the command's own inputs (`permc compile
 * policy.perm -o policy.perm`) would replace the source with what was made
 * from it: refused as bad usage before anything is written. Paths are compared
 * as the file system resolves them, links followed, so `./p.perm`, an absolute
 * spelling and a symlink to it are the same file.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import type { SourceInput } from "../compiler/frontend/source.js";
import { UsageError } from "./usage.js";

/** The real path of a file, or of the folder it would be made in joined with its name. */
function realOrPlanned(file: string): string {
  const abs = path.resolve(file);
  try {
    return realpathSync(abs);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(abs)), path.basename(abs));
    } catch {
      return abs;
    }
  }
}

/** Every file the inputs were read from: each named file and what its `include` lines pulled in. */
export function filesRead(named: readonly string[], inputs: readonly SourceInput[] = []): string[] {
  return [...named, ...inputs.flatMap((i) => [...(i.includes?.keys() ?? [])])];
}

/** Throws a UsageError when `out` is one of `inputs`. */
export function refuseOutputOverInput(out: string, inputs: readonly string[]): void {
  const target = realOrPlanned(out);
  const input = inputs.find((i) => realOrPlanned(i) === target);
  if (input === undefined) return;
  const same = input === out ? "" : ` (${input})`;
  throw new UsageError(`the output ${out} is one of the inputs${same}; writing it would replace the source. Name another output file`);
}
