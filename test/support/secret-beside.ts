import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tempDir } from "./temp-dir.js";

/**
 * A temp folder holding `secret/id_rsa` and an empty working folder `w`
 * beside it: the shape the link and spelling tests point a symlink across
 * (a rule on the secret folder must still be met through the link).
 */
export function secretBeside(prefix: string): { readonly secret: string; readonly cwd: string } {
  const root = tempDir(prefix);
  const secret = path.join(root, "secret");
  mkdirSync(secret);
  writeFileSync(path.join(secret, "id_rsa"), "KEY\n");
  const cwd = path.join(root, "w");
  mkdirSync(cwd);
  return { secret, cwd };
}
