#!/usr/bin/env node
// `npm pack` / `npm publish` hooks (prepack: strip, postpack: restore).
//
// The repository's package.json has a `prepare` script so that installs from
// a git URL (npm's git dependencies, `pi install git:…`) build dist/. A
// packed tarball already holds dist/, and any install-time script in its
// manifest makes npm print an install-script warning on every
// `npm install permc`. So the tarball's manifest goes without it: strip
// removes `prepare` from package.json (keeping the original beside it) and
// restore puts the original back. A pack that dies in between leaves the
// backup; the next strip or restore recovers from it.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);

/** Scripts npm runs when the package is installed as a dependency. */
export const INSTALL_TIME_SCRIPTS = ["preinstall", "install", "postinstall", "prepare"];

const files = (dir) => ({ manifest: path.join(dir, "package.json"), backup: path.join(dir, ".package.json.before-pack") });

export function restore(dir) {
  const { manifest, backup } = files(dir);
  if (existsSync(backup)) renameSync(backup, manifest);
}

export function strip(dir) {
  restore(dir);
  const { manifest, backup } = files(dir);
  const text = readFileSync(manifest, "utf8");
  const parsed = JSON.parse(text);
  writeFileSync(backup, text);
  for (const name of INSTALL_TIME_SCRIPTS) delete parsed.scripts?.[name];
  writeFileSync(manifest, JSON.stringify(parsed, null, 2) + "\n");
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === SELF) {
  const [verb, dir = path.resolve(path.dirname(SELF), "..")] = process.argv.slice(2);
  if (verb === "strip") strip(dir);
  else if (verb === "restore") restore(dir);
  else {
    process.stderr.write("usage: node scripts/pack-manifest.mjs strip|restore [package dir]\n");
    process.exitCode = 2;
  }
}
