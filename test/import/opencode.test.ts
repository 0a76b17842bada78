import { describe, expect, it } from "vitest";
import { importAndCompile, decide } from "./helpers.js";

const CONFIG = {
  permission: {
    bash: { "*": "ask", "git *": "allow", "git push *": "deny" },
    edit: { "*": "ask", "docs/**": "allow" },
    webfetch: "deny",
    doom_loop: "ask",
  },
  agent: { review: { permission: { edit: "deny", bash: { "git push *": "ask" } } } },
};

describe("opencode import decides as OpenCode documents (last matching rule wins)", () => {
  it.each([
    ["bash", "git status", "allow"],
    ["bash", "git push origin", "deny"],
    ["bash", "ls", "ask"],
    ["edit", "docs/a/b.md", "allow"],
    ["write", "docs/a.md", "allow"],
    ["edit", "src/a.ts", "ask"],
    ["webfetch", "*", "deny"],
    ["read", "src/a.ts", "allow"],
    ["read", "app/.env", "deny"],
    ["read", ".env.example", "allow"],
    ["external_directory", "/tmp/x", "ask"],
    ["task", "*", "allow"],
  ])("global: %s %j → %s", async (surface, value, expected) => {
    const { policy, errors } = await importAndCompile("opencode", "opencode.json", JSON.stringify(CONFIG));
    expect(errors).toEqual([]);
    expect(decide(policy!, surface, value)).toBe(expected);
  });

  it.each([
    ["edit", "docs/a.md", "deny"],
    ["bash", "git push origin", "ask"],
    ["bash", "git status", "allow"],
  ])("--agent review: %s %j → %s (agent rules after the global ones)", async (surface, value, expected) => {
    const { policy } = await importAndCompile("opencode", "opencode.json", JSON.stringify(CONFIG), { agent: "review" });
    expect(decide(policy!, surface, value)).toBe(expected);
  });

  it.each([
    [{ permission: "deny" }, "read", "a.ts", "deny"],
    [{ permission: { "*": "ask", bash: "allow" } }, "bash", "x", "allow"],
    [{ permission: { "*": "ask", bash: "allow" } }, "read", "a.ts", "ask"],
    [{ permission: { bash: "allow", "*": "ask" } }, "bash", "x", "ask"],
    [{ tools: { write: false } }, "edit", "a.ts", "deny"],
  ])("%j: %s %j → %s", async (config, surface, value, expected) => {
    const { policy } = await importAndCompile("opencode", "opencode.json", JSON.stringify(config));
    expect(decide(policy!, surface, value)).toBe(expected);
  });

  it("reads an agent file's frontmatter", async () => {
    const md = '---\ndescription: x\npermission:\n  edit: deny\n  bash:\n    "*": deny\n    "git diff*": allow # fine\n---\nbody\n';
    const { policy } = await importAndCompile("opencode", "review.md", md);
    expect(decide(policy!, "bash", "git diff HEAD")).toBe("allow");
    expect(decide(policy!, "bash", "rm x")).toBe("deny");
    expect(decide(policy!, "write", "a")).toBe("deny");
  });

  it.each([
    ["doom_loop", "no permc surface"],
    ["task", "by tool name only"],
  ])("reports %s", async (key, message) => {
    const config = { permission: { doom_loop: "ask", task: { review: "allow" } } };
    const { result } = await importAndCompile("opencode", "o.json", JSON.stringify(config));
    expect(result.notes.some((n) => n.source?.startsWith(key) && n.message.includes(message))).toBe(true);
  });

  it("names the agents it can import when --agent names none of them", async () => {
    const { importPolicy } = await import("../../compiler/import/index.js");
    const r = importPolicy("opencode", "o.json", JSON.stringify(CONFIG), { agent: "nope" });
    expect(r).toEqual({ error: expect.stringContaining("review") });
  });
});

describe("OpenCode 2's `permissions` arrays (ordered, last match wins, no match asks)", () => {
  const V2 = {
    permissions: [
      { permission: "bash", pattern: "*", action: "allow" },
      { permission: "bash", pattern: "rm *", action: "deny" },
      { permission: "edit", pattern: "src/*", action: "allow" },
      { permission: "edit", pattern: "src/secret/*", action: "deny" },
      { permission: "webfetch", action: "allow" },
    ],
    agent: { review: { permissions: [{ permission: "bash", pattern: "*", action: "ask" }] } },
  };

  it.each([
    ["bash", "ls", "allow"],
    ["bash", "rm -rf x", "deny"],
    ["edit", "src/a.ts", "allow"],
    ["write", "src/a.ts", "allow"],
    ["edit", "src/secret/k", "deny"],
    ["edit", "docs/a.md", "ask"],
    ["read", "a.ts", "ask"],
    ["webfetch", "*", "allow"],
    ["task", "*", "ask"],
  ])("%s %j → %s", async (surface, value, expected) => {
    const { policy, errors } = await importAndCompile("opencode", "opencode.json", JSON.stringify(V2));
    expect(errors).toEqual([]);
    expect(decide(policy!, surface, value)).toBe(expected);
  });

  it("an agent's array comes after the global one", async () => {
    const { policy } = await importAndCompile("opencode", "opencode.json", JSON.stringify(V2), { agent: "review" });
    expect(decide(policy!, "bash", "ls")).toBe("ask");
  });

  it("the 1.x object and the 2.x array together: the array's rules come last", async () => {
    const config = { permission: { bash: "deny", read: "allow" }, permissions: [{ permission: "bash", pattern: "git *", action: "allow" }] };
    const { policy } = await importAndCompile("opencode", "opencode.json", JSON.stringify(config));
    expect(decide(policy!, "bash", "git status")).toBe("allow");
    expect(decide(policy!, "bash", "ls")).toBe("deny");
    expect(decide(policy!, "read", "a")).toBe("allow");
    expect(decide(policy!, "edit", "a")).toBe("ask");
  });

  it.each([
    [{ permissions: [{ permission: "bash", pattern: "*", action: "Deny" }] }],
    [{ permissions: [{ permission: "bash", pattern: 7, action: "deny" }] }],
    [{ permissions: [["bash", "*", "deny"]] }],
    [{ permissions: { bash: "deny" } }],
  ])("an entry of another shape is dropped with a note: %j", async (config) => {
    const { policy, result } = await importAndCompile("opencode", "opencode.json", JSON.stringify(config));
    expect(JSON.stringify(result)).toMatch(/dropped/);
    expect(decide(policy!, "bash", "ls")).toBe("ask");
  });
});
