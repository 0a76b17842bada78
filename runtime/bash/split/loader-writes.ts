/**
 * A file the dynamic loader reads, written by the same command
 * (knowledge/dynamic-loader.ts): every program the command runs may load a
 * library permc cannot see, whatever its name or path, so each one is
 * floored. Order is not followed, as for PATH (path-shadow.ts): a loop may
 * run a later write first. A write whose name permc does not know is
 * already a write of any name on PATH, which floors every program run.
 */
import { basename } from "node:path";
import { isLoaderFile, isLoaderFileName, LOADER_DIRECTORIES } from "../programs/knowledge/dynamic-loader.js";
import type { WritePlace } from "./link-landing.js";
import { push, type Env } from "./state.js";

/** The file a write into /etc (or of a loader file's name, somewhere permc cannot tell) may be, as a reason says it. */
const LOADER_FILE = "/etc/ld.so.preload or another file the dynamic loader reads";

/**
 * Note a write of `value`, at `place`, by command `by` (-1: a redirect) when
 * it may be one of the loader's files: as spelt or where it lands through a
 * link, or (`into`: a copy or an extraction into a directory, under names of
 * its own) into the directory that holds them.
 */
export function noteLoaderWrite(env: Env, value: string | null, place: WritePlace | null, by: number, into = false): void {
  if (value === null) return;
  // A directory permc does not know may be /etc: a loader file's name is enough then.
  if (place === null) {
    if (isLoaderFileName(basename(value))) env.loaderWrites.push({ by, what: `${value}, which may be ${LOADER_FILE}` });
    return;
  }
  // Under a place where the command makes links permc cannot see, a write may be anywhere: the PATH floors take every run.
  const { at, landed } = place;
  if (isLoaderFile(at)) env.loaderWrites.push({ by, what: at });
  else if (landed !== null && isLoaderFile(landed)) env.loaderWrites.push({ by, what: `${at}, which is ${landed}` });
  else if (into && (LOADER_DIRECTORIES.has(at) || (landed !== null && LOADER_DIRECTORIES.has(landed))))
    env.loaderWrites.push({ by, what: `into ${at}, where files may land as ${LOADER_FILE}` });
}

/** After the walk: every program run by a command other than the one that writes a loader file is floored. */
export function floorLoaderWrites(env: Env): void {
  if (env.loaderWrites.length === 0) return;
  for (const run of env.pathRuns.slice()) {
    const write = env.loaderWrites.find((w) => w.by !== run.by || w.by === -1);
    if (write === undefined) continue;
    push(env, {
      text: run.text,
      context: run.ctx,
      derived: true,
      derivation: "two-step",
      floor: { kind: "opaque", reason: `${run.name ?? "a program"} may load a library permc cannot see: the same command writes ${write.what}` },
    });
  }
}
