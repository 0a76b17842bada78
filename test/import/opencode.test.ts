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
