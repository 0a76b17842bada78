import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileAndLoad, piJson, workDir } from "../support/compile-and-load.js";
import { permc, ROOT } from "../support/cli.js";

const example = JSON.parse(readFileSync(path.join(ROOT, "examples", "policy.json"), "utf8")) as {
  permission: Record<string, Record<string, unknown> | string>;
};
const variant = (edit: (p: typeof example.permission) => void, name: string) => {
  const copy = structuredClone(example);
  edit(copy.permission);
  const file = path.join(workDir(), name);
  writeFileSync(file, JSON.stringify(copy, null, 2));
  return { file, permission: copy.permission };
};

interface RuleJson {
  surface: string;
  pattern: string;
  action: string;
  source: string | null;
}
interface Change {
  surface: string;
  from: string;
  to: string;
  example: string;
  widens: boolean;
  oldRule: RuleJson;
  newRule: RuleJson;
}
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

  it("lists every changed region, not one per surface and action pair: two new allows, two new denies", async () => {
    const more = variant((p) => {
      const bash = p.bash as Record<string, unknown>;
      bash["wget *"] = "allow"; // ask → allow
      bash["make *"] = "allow"; // ask → allow, a second region of the same kind
      bash["npm publish*"] = "deny"; // ask → deny
      bash["docker rm *"] = "deny"; // ask → deny, again
    }, "more.json");
    const r = await diff(old, more.file);
    const changes = (JSON.parse(r.stdout) as { changes: Change[] }).changes;
    expect(changes.map((c) => `${c.from}>${c.to} ${c.newRule.pattern}`).sort()).toEqual([
      "ask>allow make *",
      "ask>allow wget *",
      "ask>deny docker rm *",
      "ask>deny npm publish*",
    ]);
    const after = (await compileAndLoad([piJson(more.permission)], { home: "/home/user" })).policy!;
    for (const c of changes) {
      // The example lies in its region: the new rule named is the one that decides it.
      expect(after.check("bash", c.example)).toMatchObject({ action: c.to, matchedPattern: c.newRule.pattern });
      expect(c.oldRule).toMatchObject({ pattern: "*", action: "ask", source: expect.stringMatching(/policy\.json:26:\d+$/) });
      expect(c.newRule.source).toMatch(/more\.json:\d+:\d+$/);
    }
    const human = await permc(["diff", old, more.file, "--home", "/home/user"]);
    expect(human.stdout.split("\n")[0]).toBe("4 changed regions: 2 wider, 2 narrower");
    for (const pattern of ["wget *", "make *", "npm publish*", "docker rm *"]) expect(human.stdout).toContain(`now \`${pattern}\` on \`bash\``);
    expect(human.stdout).toMatch(/was `\*` on `bash` \(ask, .*policy\.json:26:\d+\)/);
  });

  it("one rule that changes two regions decided by different old rules reports both", async () => {
    const widened = variant((p) => {
      (p.bash as Record<string, unknown>)["*"] = "allow"; // ask → allow wherever the catch-all decided
      (p.bash as Record<string, unknown>)["curl *"] = "allow"; // ask → allow for curl, a rule of its own
    }, "two-old-rules.json");
    const changes = (JSON.parse((await diff(old, widened.file)).stdout) as { changes: Change[] }).changes;
    expect(changes.map((c) => `${c.oldRule.pattern} → ${c.newRule.pattern}`).sort()).toEqual(["* → *", "curl * → curl *"]);
  });
});
