/**
 * What `$PWD` holds where a command runs: the directory the shell is in,
 * after a `cd` that surely failed not the one it named, and unknown (null)
 * after one that may not have run (paths/uncertain-directory.ts), or when
 * the command may assign PWD. `cd /nope; cat $PWD/../x` reads x beside the
 * directory the shell stayed in.
 */
import type { PathBase } from "../paths/types.js";
import type { Env } from "./state.js";

export function shellDirectory(env: Env, base: PathBase): string | null {
  if (!env.pwdKnown) return null;
  const place = env.directories.placeOf(base);
  return place?.known === true ? place.dir : null;
}
