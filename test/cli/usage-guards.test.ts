/**
 * Usage the CLI refuses rather than guesses at: an output that is one of the
 * inputs (it would replace the source), and a surface no rule names and the
 * runtime never asks about (`graph --surface bsah` drew `*`). Also
 * `fmt --check`, which writes nothing. In-process.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const dir = tempDir("usage-guards");
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const PERM = 'scope global\ndefault ask\nbash "git *" allow\n';

describe("an output that is one of the inputs is refused, exit 2, the source untouched", () => {
  const source = file("policy.perm", PERM);
  const link = path.join(dir, "link.perm");
  symlinkSync(source, link);
  const included = file("rules.perm", 'bash "rm *" deny\n');
  const main = file("main.perm", 'scope global\ndefault ask\ninclude "rules.perm"\n');

  it.each([
    ["compile, the same path", ["compile", source, "-o", source]],
    ["compile, another spelling", ["compile", source, "-o", path.join(dir, ".", "..", path.basename(dir), "policy.perm")]],
    ["compile, a link to it", ["compile", link, "-o", source]],
    ["compile, an included file", ["compile", main, "-o", included]],
    ["watch", ["watch", source, "-o", link]],
    ["graph -o", ["graph", source, "--surface", "bash", "-o", source]],
  ])("%s", async (_name, args) => {
    const before = [source, included].map((f) => readFileSync(f, "utf8"));
    const r = await permc([...args, "--home", "/h"]);
    expect(r.status).toBe(2);
    expect(r.stderr.split("\n")[0]).toMatch(/^permc \w+: the output .* is one of the inputs/);
    expect([source, included].map((f) => readFileSync(f, "utf8"))).toEqual(before);
  });

  it("init: a policy.perm that is a link to the settings it imports", async () => {
    const project = tempDir("usage-guards-init");
    const settings = path.join(project, ".claude", "settings.json");
    const folder = path.join(project, ".claude", "permc");
    mkdirSync(folder, { recursive: true });
    writeFileSync(settings, JSON.stringify({ permissions: { allow: ["Bash(git status)"] } }));
    symlinkSync(settings, path.join(folder, "policy.perm"));
    const r = await permc(["init", "claude", "--dir", project, "--home", "/h", "--force"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/is one of the inputs/);
    expect(JSON.parse(readFileSync(settings, "utf8"))).toEqual({ permissions: { allow: ["Bash(git status)"] } });
  });
});

describe("graph --surface: an unknown surface is bad usage", () => {
  const policy = file("graph.json", JSON.stringify({ permission: { "*": "allow", bash: { "*": "ask" }, deploy_tool: "deny" } }));

  it("a misspelt one gets a did-you-mean, exit 2, nothing drawn", async () => {
    const r = await permc(["graph", policy, "--surface", "bsah", "--home", "/h"]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[0]).toBe('permc graph: unknown surface "bsah": no rule names it and the runtime never asks about it; did you mean bash?');
  });

  it.each(["bash", "read", "deploy_tool"])("%s is drawn", async (surface) => {
    const r = await permc(["graph", policy, "--surface", surface, "--home", "/h"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^digraph/);
  });
});

describe("fmt --check", () => {
  it("exits 0 for a file in canonical layout, 1 listing one that is not; writes neither", async () => {
    const tidy = file("tidy.perm", PERM);
    const messy = file("messy.perm", 'scope   global\ndefault ask\nbash  "git *"   allow\n');
    const before = readFileSync(messy, "utf8");
    const ok = await permc(["fmt", tidy, "--check"]);
    expect([ok.status, ok.stdout, ok.stderr]).toEqual([0, "", ""]);
    const bad = await permc(["fmt", messy, "--check"]);
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([1, `${messy}\n`, ""]);
    expect(readFileSync(messy, "utf8")).toBe(before);
  });

  it("with --write is bad usage", async () => {
    expect((await permc(["fmt", file("both.perm", PERM), "--check", "--write"])).status).toBe(2);
  });
});
