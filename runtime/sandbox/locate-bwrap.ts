// Its declarations name Node's types: kept in the .d.ts so a consumer whose `types` is empty (TypeScript 6's default) finds them.
/// <reference types="node" preserve="true" />
/**
 * Where bubblewrap is, or why the sandbox cannot start. `PERMC_BWRAP` names
 * the executable explicitly (also the tests' way to make it missing);
 * otherwise it is looked up on PATH, in the directories no sandboxed command
 * could have written: an absolute entry whose candidate lies in none of the
 * profile's writable places (`node_modules/.bin/bwrap`, planted by one
 * command, ran outside the sandbox at the next).
 */
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { isInside } from "../paths/inside.js";

export const INSTALL_HINT = "install it with `apt-get install bubblewrap` (Debian, Ubuntu), `dnf install bubblewrap` (Fedora) or `pacman -S bubblewrap` (Arch)";

export type Located = { readonly path: string } | { readonly error: string };

/** `writable`: the directories a sandboxed command may write (the profile's writable and pinned mounts). */
export function locateBwrap(env: NodeJS.ProcessEnv = process.env, platform: string = process.platform, writable: readonly string[] = []): Located {
  if (platform !== "linux") {
    return { error: `the kernel layer runs on Linux only (bubblewrap); this is ${platform}, where permc has no sandbox engine yet` };
  }
  const explicit = env.PERMC_BWRAP;
  if (explicit !== undefined && explicit !== "") {
    return isExecutable(explicit) ? { path: explicit } : { error: `bubblewrap is not at ${explicit} (PERMC_BWRAP); ${INSTALL_HINT}` };
  }
  const passed: string[] = [];
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    // A relative entry is looked up from wherever the run starts: the working tree, which commands write.
    if (!path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, "bwrap");
    if (!isExecutable(candidate)) continue;
    const real = realpathSync(candidate);
    if (writable.some((w) => isInside(w, real))) {
      passed.push(candidate);
      continue;
    }
    return { path: candidate };
  }
  if (passed.length > 0) return { error: `bubblewrap on PATH lies where sandboxed commands may write (${passed.join(", ")}): not run; ${INSTALL_HINT}` };
  return { error: `bubblewrap (bwrap) is not installed: it is not on PATH; ${INSTALL_HINT}` };
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
