import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileAndLoad, piJson, workDir } from "../support/compile-and-load.js";
import { permc, ROOT } from "../support/cli.js";

const example = JSON.parse(readFileSync(path.join(ROOT, "examples", "policy.json"), "utf8")) as { permission: Record<string, Record<string, unknown> | string> };
const variant = (edit: (p: typeof example.permission) => void, name: string) => {
  const copy = structuredClone(example);
  edit(copy.permission);
  const file = path.join(workDir(), name);
  writeFileSync(file, JSON.stringify(copy, null, 2));
  return { file, permission: copy.permission };
};

interface Change { surface: string; from: string; to: string; example: string; widens: boolean }
const diff = (a: string, b: string, extra: string[] = []) => permc(["diff", a, b, "--home", "/home/user", "--format", "json", ...extra]);

describe("permc diff", () => {
  const old = path.join(ROOT, "examples", "policy.json");
  const edited = variant((p) => {
    (p.bash as Record<string, unknown>)["rm -rf *"] = "ask"; // deny → ask: wider
    (p.bash as Record<string, unknown>)["make *"] = "allow"; // ask → allow: wider
    (p.read as Record<string, unknown>)["*.pem"] = "deny"; // allow → deny: narrower
  }, "edited.json");

  it("lists exactly the changed decisions, each with an example that really changes", async () => {
    const r = await diff(old, edited.file);
    expect(r.status).toBe(0);
    const changes = (JSON.parse(r.stdout) as { changes: Change[] }).changes;
    expect(changes.map((c) => `${c.surface}:${c.from}>${c.to}`).sort()).toEqual(["bash:ask>allow", "bash:deny>ask", "read:allow>deny"]);
    const before = (await compileAndLoad([piJson(example.permission)], { home: "/home/user" })).policy!;
    const after = (await compileAndLoad([piJson(edited.permission)], { home: "/home/user" })).policy!;
    for (const c of changes) {
      expect(before.check(c.surface, c.example).action, c.example).toBe(c.from);
      expect(after.check(c.surface, c.example).action, c.example).toBe(c.to);
    }
  });

  it("--fail-on-widen exits 1 on a widened policy and 0 on a narrowed one", async () => {
    expect((await diff(old, edited.file, ["--fail-on-widen"])).status).toBe(1);
    const narrowed = variant((p) => {
      (p.bash as Record<string, unknown>)["git log *"] = "ask";
    }, "narrowed.json");
    const r = await diff(old, narrowed.file, ["--fail-on-widen"]);
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { changes: Change[] }).changes.map((c) => c.widens)).toEqual([false]);
  });

  it("finds no change when only the spelling changes (disjoint rules reordered, a rule restated)", async () => {
    const same = variant((p) => {
      const bash = p.bash as Record<string, unknown>;
      const { "ls *": ls, ...rest } = bash;
      p.bash = { ...rest, "ls *": ls, "git diff *": "allow" } as Record<string, unknown>;
    }, "same.json");
    const r = await diff(old, same.file);
    expect(JSON.parse(r.stdout)).toEqual({ changes: [], skipped: [] });
  });

  it("reports changes on tools named only by a wildcard surface key", async () => {
    const wild = variant((p) => {
      p["exa_*"] = "deny";
    }, "wild.json");
    const changes = (JSON.parse((await diff(old, wild.file)).stdout) as { changes: Change[] }).changes;
    expect(changes).toEqual([expect.objectContaining({ from: "ask", to: "deny", surface: expect.stringMatching(/^exa_/) })]);
  });
});
