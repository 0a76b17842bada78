import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const dir = tempDir("dsl-cli");
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe("permc test", () => {
  it("passes and counts the tests, included files too", async () => {
    file("more.perm", 'write "docs/*" allow\ntest write "docs/a" -> allow\n');
    const p = file("ok.perm", 'bash "*" ask\ninclude "more.perm"\ntest bash "ls" -> ask\n');
    const r = await permc(["test", p]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("2 tests: 2 passed, 0 failed\n");
  });

  it("reports a failure at the test's line and exits 1", async () => {
    const p = file("bad.perm", 'bash "*" ask\ntest bash "ls" -> allow\n');
    const r = await permc(["test", p]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("bad.perm:2:1");
    expect(r.stderr).toContain("inline-test-failed");
  });
});

describe("permc compile with .perm inputs", () => {
  it("refuses to write a module when an inline test fails", async () => {
    const p = file("fail.perm", 'bash "*" deny\ntest bash "ls" -> allow\n');
    const out = path.join(dir, "fail.mjs");
    const r = await permc(["compile", p, "-o", out]);
    expect(r.status).toBe(1);
    expect(existsSync(out)).toBe(false);
  });

  it("takes the scope from the scope line", async () => {
    const g = file("g.json", JSON.stringify({ permission: { bash: { "*": "deny" } } }));
    const p = file("proj.perm", 'scope project\nbash "git *" allow\n');
    const out = path.join(dir, "scoped.mjs");
    expect((await permc(["compile", p, g, "-o", out])).status).toBe(0);
    const r = await permc(["eval", "--policy", out], { input: '{"surface":"bash","value":"git log"}\n' });
    expect(JSON.parse(r.stdout)).toMatchObject({ action: "allow", origin: "project" });
  });
});

describe("permc convert", () => {
  it("JSON → perm → JSON gives the same config back", async () => {
    const perm = await permc(["convert", "examples/policy.json", "--to", "perm"]);
    expect(perm.status).toBe(0);
    const p = file("conv.perm", perm.stdout);
    const json = await permc(["convert", p, "--to", "json"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(readFileSync("examples/policy.json", "utf8")));
  });

  it("infers --to from the input: JSON becomes .perm, .perm becomes JSON", async () => {
    const perm = await permc(["convert", "examples/policy.json"]);
    expect(perm.status).toBe(0);
    expect(perm.stdout).toBe((await permc(["convert", "examples/policy.json", "--to", "perm"])).stdout);
    const json = await permc(["convert", "examples/policy.perm"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse((await permc(["convert", "examples/policy.perm", "--to", "json"])).stdout));
    expect((await permc(["convert", "examples/policy.json", "--to", "yaml"])).status).toBe(2);
  });

  it("--scope reads the input as that scope, and the .perm result says so", async () => {
    const g = file("scoped.json", JSON.stringify({ permission: { bash: { "git *": "allow" } } }));
    const r = await permc(["convert", g, "--scope", "project"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^scope project$/m);
    const back = await permc(["convert", file("scoped.perm", r.stdout)]);
    expect(back.stderr).toContain("compile this as the project scope (--project)");
    expect((await permc(["convert", g, "--scope", "planet"])).stderr).toContain("--scope must be one of global, project, agent, project-agent");
  });
});

describe("permc fmt", () => {
  it("rewrites in place with --write, and is then a no-op", async () => {
    const p = file("fmt.perm", 'bash   "*"  ask  # c\n\n\n"read" allow\n');
    expect((await permc(["fmt", p, "--write"])).status).toBe(0);
    expect(readFileSync(p, "utf8")).toBe('bash "*" ask  # c\n\nread allow\n');
    expect((await permc(["fmt", p])).stdout).toBe(readFileSync(p, "utf8"));
  });

  it("refuses a file with syntax errors, reporting them", async () => {
    const p = file("broken.perm", 'bash "x\n');
    const r = await permc(["fmt", p]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("syntax-error");
  });
});
