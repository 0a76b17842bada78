/**
 * The red-team samples' fixture (test/fixtures/vectors/redteam-fixture.json),
 * made under `root`: `{PROJ}` is the project, `{HOME}` the home, `{ROOT}` their
 * parent; `sub` fills those placeholders in a sample's text. The caller's temp
 * dir (temp-dir.ts) removes it.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FIXTURES } from "./fixtures.js";

export interface RedteamFixture {
  readonly root: string;
  readonly proj: string;
  readonly home: string;
  /** The fixture's PATH (`{HOME}/.local/bin` first), as the third sample's commands assume it. */
  readonly pathEnv: string;
  sub(text: string): string;
}

interface FixtureFile {
  dirs: string[];
  files: Record<string, string>;
  links: Record<string, string>;
  env?: { PATH?: string };
}

/** The placeholders of `root`'s fixture filled in; nothing is made on disk. */
export function redteamPaths(root: string): RedteamFixture {
  const proj = path.join(root, "proj");
  const home = path.join(root, "home", "tester");
  const sub = (s: string): string => s.replaceAll("{PROJ}", proj).replaceAll("{HOME}", home).replaceAll("{ROOT}", root);
  const fx = readFixture();
  return { root, proj, home, pathEnv: sub(fx.env?.PATH ?? process.env.PATH ?? ""), sub };
}

/** Makes the fixture's directories, files and links under `root`. */
export function makeRedteamFixture(root: string): RedteamFixture {
  const paths = redteamPaths(root);
  const fx = readFixture();
  for (const d of fx.dirs) mkdirSync(paths.sub(d), { recursive: true });
  for (const [p, t] of Object.entries(fx.files)) writeFileSync(paths.sub(p), t);
  for (const [p, t] of Object.entries(fx.links)) symlinkSync(paths.sub(t), paths.sub(p));
  return paths;
}

function readFixture(): FixtureFile {
  return JSON.parse(readFileSync(path.join(FIXTURES, "vectors", "redteam-fixture.json"), "utf8")) as FixtureFile;
}
