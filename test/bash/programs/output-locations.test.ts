/**
 * Where a command writes because its options say so: a program without a
 * record writes under `--outDir DIR`-style options (knowledge/output-options.ts,
 * programs/output-locations.ts), and the records name their own output
 * directories (`cargo --target-dir`, `npm pack --pack-destination`,
 * `pip wheel -w`, `cmake -B`, `gh release download -D`). Each is a prefix
 * query on the write rules: `/etc` itself is no file under `/etc/*`, but
 * what lands under it is.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";

let root: string;
let home: string;
let project: string;
let policy: Policy;

beforeAll(async () => {
  root = tempDir("output-locations");
  home = path.join(root, "home");
  project = path.join(root, "project");
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  mkdirSync(path.join(project, "src"), { recursive: true });
  policy = (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "/etc/*": "deny", "~/.ssh/*": "deny" } })], { home }))
    .policy as Policy;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function decide(command: string): Promise<string> {
  return (await createGate(policy, { cwd: project, home }).decide({ tool: "bash", input: { command } })).action;
}

describe("a program without a record writes where its output options say", () => {
  it.each([
    ["npx tsc --outDir /etc"],
    ["tsc --outDir ~/.ssh"],
    ["vite build --outDir ~/.ssh"],
    ["esbuild src/a.ts --outdir=/etc"],
    ["webpack --output-path ~/.ssh"],
    ["python3 -m build --out-dir /etc"],
    ["esbuild src/a.ts --bundle --outfile=/etc/profile.d/x.sh"],
    ["tsc --declarationDir /etc/types"],
  ])("%s is not allowed", async (command) => {
    expect(await decide(command)).not.toBe("allow");
  });

  it.each([["npx tsc --noEmit"], ["esbuild src/a.ts --bundle --outfile=dist/out.js"], ["vite build"], ["mytool --output json src"]])(
    "%s is allowed",
    async (command) => {
      expect(await decide(command)).toBe("allow");
    },
  );

  it("a directory that depends on an expansion may be any", async () => {
    expect(await decide("tsc --outDir $OUT")).toBe("ask");
  });
});

describe("the records' own output directories", () => {
  it.each([
    ["cargo build --target-dir ~/.ssh"],
    ["cargo --target-dir=/etc test"],
    ["CARGO_TARGET_DIR=~/.ssh cargo build"],
    ["GOBIN=/etc go install example.com/x@latest"],
    ["npm pack --pack-destination ~/.ssh"],
    ["pip wheel -w /etc ."],
    ["pip wheel --wheel-dir=/etc ."],
    ["cmake -B /etc/build"],
    ["cmake --install . --prefix /etc"],
    ["yarn --cwd /etc install"],
    ["gh release download v1 -D ~/.ssh"],
    ["docker build -o /etc ."],
    ["docker cp box:/x /etc"],
  ])("%s is not allowed", async (command) => {
    expect(await decide(command)).not.toBe("allow");
  });

  it.each([
    ["cargo build --target-dir target"],
    ["npm pack"],
    ["pip wheel -w dist ."],
    ["cmake -B build"],
    ["gh release download v1 -D dist"],
    ["docker build -t app ."],
  ])("%s is allowed", async (command) => {
    expect(await decide(command)).toBe("allow");
  });
});
