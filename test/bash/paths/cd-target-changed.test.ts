/**
 * A `cd` into a directory that is there when permc decides, but that bash
 * cannot enter when it runs (a hunt, 2026-12-07, real bash):
 *
 * - an earlier command of the same call removes, renames or locks it
 *   (`rmdir src; cd src; cat ../.ssh/id_rsa` read the key from the project's
 *   parent): the `cd` is sure only when nothing but proven readers ran
 *   before it;
 * - this process may not search it (`cd /root` as another user): the `cd`
 *   fails, and the shell stays (cd-locked-directory.test.ts).
 *
 * Each row is decided while `src` is there, then run.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { keyHome } from "../../support/key-home.js";

const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow" },
  path: { "*": "allow", "~/.ssh/*": "deny", "~/.bashrc": "deny" },
  external_directory: { "*": "allow" },
};

describe("a directory an earlier command removes, renames or locks", () => {
  const kh = keyHome("cd-target-changed", PERMISSION);
  const src = path.join(kh.cwd, "src");
  beforeEach(() => {
    rmSync(path.join(kh.cwd, "x"), { recursive: true, force: true });
    rmSync(src, { recursive: true, force: true });
    mkdirSync(src);
  });

  it.each([
    "rmdir src; cd src; cat ../.ssh/id_rsa",
    "mv src x; cd src; cat ../.ssh/id_rsa",
    "find src -delete; cd src; cat ../.ssh/id_rsa",
    "rm -r src\ncd src\ncat ../.ssh/id_rsa",
    "mv src x; cd src && true; cat ../.ssh/id_rsa",
  ])("%s is not allowed (the key is read)", async (command) => {
    const action = await kh.decide(command);
    expect(kh.output(command), "the premise: bash prints the key").toContain("SECRET-KEY");
    expect(action).not.toBe("allow");
  });

  // A subshell's statements are a small program's (an eighth review): the same rules hold in `( … )`.
  it.each([
    "(cd nope; cat ../.ssh/id_rsa)",
    "(cd nope; cd ../.ssh; cat id_rsa)",
    "mv src x; (cd src; cat ../.ssh/id_rsa)",
    "if (cd nope; cat ../.ssh/id_rsa); then :; fi",
    "echo $( (cd nope; cat ../.ssh/id_rsa) )",
    "(cd nope; cat ../.ssh/id_rsa) | cat",
  ])("in a subshell: %s is not allowed (the key is read)", async (command) => {
    const action = await kh.decide(command);
    expect(kh.output(command), "the premise: bash prints the key").toContain("SECRET-KEY");
    expect(action).not.toBe("allow");
  });

  it("a write lands where the shell stayed: rmdir src; cd src; echo x >> ../.bashrc", async () => {
    writeFileSync(path.join(kh.home, ".bashrc"), "");
    const command = "rmdir src; cd src; echo pwned >> ../.bashrc";
    const action = await kh.decide(command);
    kh.output(command);
    expect(readFileSync(path.join(kh.home, ".bashrc"), "utf8"), "the premise").toBe("pwned\n");
    expect(action).not.toBe("allow");
  });

  it.each([
    // Proven readers make, remove and rename nothing: the `cd` is sure.
    ["ls; cd src; ls", "allow"],
    ["cat ../proj/README.md; cd src && ls", "allow"],
    ["grep -r x .; cd src; pwd", "allow"],
    // Paths after an uncertain `cd` are checked in each place the shell may be.
    ["npm test; cd src; ls", "allow"],
    ["(cd src && ls)", "allow"],
    ["(cd src; ls ..)", "allow"],
  ])("%s → %s", async (command, want) => {
    writeFileSync(path.join(kh.cwd, "README.md"), "x\n");
    expect(await kh.decide(command)).toBe(want);
  });
});

describe("what changes no directory before a `cd` (an eleventh review: each asked where the parent is asked about)", () => {
  const kh = keyHome("cd-after-state", { ...PERMISSION, external_directory: { "*": "ask" } });
  mkdirSync(path.join(kh.cwd, "src"));
  writeFileSync(path.join(kh.cwd, "README.md"), "x\n");

  it.each([
    ["(cd src; ls ..)", "allow"],
    ["{ cd src; ls ..; }", "allow"],
    ["x=1; cd src; ls ..", "allow"],
    ["export NODE_ENV=production; cd src; ls ..", "allow"],
    ["set -euo pipefail; cd src; cat ../README.md", "allow"],
    // A build may remove the directory: the shell may stay, and `..` is then the home.
    ["npm run build; cd src; ls ..", "ask"],
  ])("%s → %s", async (command, want) => {
    expect(await kh.decide(command)).toBe(want);
  });
});
