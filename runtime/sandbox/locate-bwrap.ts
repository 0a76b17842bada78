// Its declarations name Node's types: kept in the .d.ts so a consumer whose `types` is empty (TypeScript 6's default) finds them.
/// <reference types="node" preserve="true" />
/**
 * Where bubblewrap is, or why the sandbox cannot start. `PERMC_BWRAP` names
 * the executable explicitly (also the tests' way to make it missing);
 * otherwise it is looked up on PATH.
 */
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

export const INSTALL_HINT = "install it with `apt-get install bubblewrap` (Debian, Ubuntu), `dnf install bubblewrap` (Fedora) or `pacman -S bubblewrap` (Arch)";

export type Located = { readonly path: string } | { readonly error: string };

export function locateBwrap(env: NodeJS.ProcessEnv = process.env, platform: string = process.platform): Located {
  if (platform !== "linux") {
    return { error: `the kernel layer runs on Linux only (bubblewrap); this is ${platform}, where permc has no sandbox engine yet` };
  }
  const explicit = env.PERMC_BWRAP;
  if (explicit !== undefined && explicit !== "") {
    return isExecutable(explicit) ? { path: explicit } : { error: `bubblewrap is not at ${explicit} (PERMC_BWRAP); ${INSTALL_HINT}` };
  }
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    const candidate = path.join(dir, "bwrap");
    if (isExecutable(candidate)) return { path: candidate };
  }
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
