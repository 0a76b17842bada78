/**
 * The red-team fixture (test/fixtures/vectors/redteam-fixture.json): the
 * project, the home with ~/.ssh/id_rsa, and the links sshlink, envlink.txt,
 * lnk and etclink, made under a root. `{PROJ}` is root/proj, `{HOME}`
 * root/home/tester, `{ROOT}` the root.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface FixtureSpec {
  readonly dirs: readonly string[];
  readonly files: Readonly<Record<string, string>>;
  readonly links: Readonly<Record<string, string>>;
  readonly env: { readonly PATH: string };
}

/** The repository's root: the nearest folder above this file with permc's package.json (from hunt/ and from dist/hunt/). */
export function repoRoot(from: string = import.meta.dirname): string {
  let dir = from;
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "permc") return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no permc package.json above ${from}`);
    dir = up;
  }
}

export function readFixtureSpec(root: string = repoRoot()): FixtureSpec {
  return JSON.parse(readFileSync(path.join(root, "test", "fixtures", "vectors", "redteam-fixture.json"), "utf8")) as FixtureSpec;
}

/** Where the fixture's placeholders point: the canonical paths the decisions and the judge speak of. */
export class FixturePaths {
  readonly proj: string;
  readonly home: string;
  constructor(readonly root: string) {
    this.proj = path.join(root, "proj");
    this.home = path.join(root, "home", "tester");
  }
  sub(s: string): string {
    return s.replaceAll("{PROJ}", this.proj).replaceAll("{HOME}", this.home).replaceAll("{ROOT}", this.root);
  }
}

/**
 * The environment a hunted command runs in, and so the one permc decides it in: a decision reads PATH (a program
 * written into a directory on it), CDPATH, BASHOPTS and the like from its own environment, and the machine's is
 * not the sandbox's (its PATH has no `{HOME}/.local/bin`).
 */
export function runEnvironment(spec: FixtureSpec, paths: FixturePaths): NodeJS.ProcessEnv {
  return { PATH: paths.sub(spec.env.PATH), HOME: paths.home, LANG: "C", TMPDIR: "/tmp", USER: "nobody" };
}

/**
 * Makes the fixture in `at` (emptied first) with the links pointing into `paths`
 * (the canonical root): a copy made elsewhere and bound over the canonical
 * root in the sandbox behaves as the original.
 */
export function makeFixture(spec: FixtureSpec, paths: FixturePaths, at: string = paths.root): void {
  rmSync(at, { recursive: true, force: true });
  mkdirSync(at, { recursive: true });
  const here = (p: string): string => path.join(at, path.relative(paths.root, paths.sub(p)));
  mkdirSync(here("{PROJ}"), { recursive: true });
  for (const d of spec.dirs) mkdirSync(here(d), { recursive: true });
  for (const [p, text] of Object.entries(spec.files)) writeFileSync(here(p), text);
  for (const [p, target] of Object.entries(spec.links)) symlinkSync(paths.sub(target), here(p));
}
