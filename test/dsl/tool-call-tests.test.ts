import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const dir = tempDir("tooltests");
const policy = (tests: string) => {
  const file = path.join(dir, `p${Math.random().toString(36).slice(2)}.perm`);
  writeFileSync(file, ["scope global", "default ask", 'bash "*" allow', 'bash "rm *" deny', 'read "*.env" deny', tests, ""].join("\n"));
  return file;
};

describe("`test tool <name> {input} -> action` lines run through the real gate", () => {
  it.each([
    ['test tool bash {"command": "ls && rm -rf x"} -> deny', "a chain is split into units"],
    ['test tool bash {"command": "sudo rm x"} -> deny', "a wrapper is unwrapped"],
    ['test tool bash {"command": "bash -c \'rm x\'"} -> deny', "a shell payload is parsed"],
    ['test tool bash {"command": "echo )"} -> ask', "a parse error asks"],
    ['test tool read {"path": "config/.env"} -> deny', "a file tool's path is checked"],
    ['test tool "web fetch" {"url": "https://x"} -> ask', "a quoted tool name falls to the default"],
  ])("passes `%s` (%s)", async (line) => {
    const r = await permc(["test", policy(line), "--home", "/home/t"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("1 tests: 1 passed, 0 failed\n");
    expect(r.status).toBe(0);
  });

  it("reports a failing tool-call test at its line and refuses to write the module", async () => {
    const file = policy('test tool bash {"command": "ls; rm x"} -> allow');
    const t = await permc(["test", file, "--home", "/home/t"]);
    expect(t.status).toBe(1);
    expect(t.stderr).toContain("inline-test-failed");
    expect(t.stderr).toContain(`${file}:6:1`);
    const out = path.join(dir, "never.mjs");
    const c = await permc(["compile", file, "-o", out, "--home", "/home/t"]);
    expect(c.status).toBe(1);
    expect(c.stderr).toContain("no module written");
  });

  it.each([
    ['test toll bash {"command": "x"} -> deny', "syntax-error"],
    ['test tool bash ["x"] -> deny', "invalid-value"],
  ])("rejects `%s` with %s", async (line, slug) => {
    const r = await permc(["test", policy(line), "--home", "/home/t"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(slug);
  });

  it("runs the example policy's tool-call tests", async () => {
    const r = await permc(["test", "examples/policy.perm", "--home", "/home/user"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/0 failed/);
  });
});
