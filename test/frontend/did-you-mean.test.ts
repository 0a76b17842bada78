/**
 * JSON and `.perm` give the same help for the same slip: a misspelt action,
 * surface or deny-object key; and a file with errors still gets its
 * warnings (the pipeline stops at errors, so front ends report typos as they
 * read). Through the public pipeline, as `permc lint` runs it.
 */
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../compiler/diagnostics/index.js";
import type { SourceInput } from "../../compiler/frontend/source.js";
import { compile } from "../../compiler/pipeline.js";

const lint = (input: SourceInput) => compile({ inputs: [input], target: { home: "/h", platform: "posix" }, command: "t", until: "automata" }).diagnostics;
const json = (permission: unknown): SourceInput => ({ file: "p.json", text: JSON.stringify({ permission }), scope: "global", kind: "pi-json" });
const perm = (text: string): SourceInput => ({ file: "p.perm", text, scope: "global", kind: "perm-dsl" });
const agent = (yaml: string): SourceInput => ({ file: "a.md", text: `---\npermission:\n${yaml}---\n`, scope: "agent", kind: "agent-md" });
const helpFor = (diags: readonly Diagnostic[], slug: string) => diags.filter((d) => d.slug === slug).map((d) => d.help);

describe("the same did-you-mean in JSON and .perm", () => {
  it.each([
    ["swapped letters", "allwo", "allow"],
    ["one letter off", "aks", "ask"],
    ["a letter missing", "dny", "deny"],
  ])("action, %s: %s → %s", (_what, typo, meant) => {
    const want = [`did you mean \`${meant}\`?`];
    expect(helpFor(lint(json({ bash: { x: typo } })), "invalid-action")).toEqual(want);
    expect(helpFor(lint(json({ bash: typo })), "invalid-action")).toEqual(want);
    expect(helpFor(lint(perm(`bash "x" ${typo}\n`)), "invalid-action")).toEqual(want);
  });

  it.each([
    ["bsah", "bash"],
    ["raed", "read"],
    ["rea", "read"],
    ["Bash", "bash"],
    ["skills", "skill"],
  ])("surface %s → %s, also in agent frontmatter", (typo, meant) => {
    const want = [`did you mean \`${meant}\`?`];
    expect(helpFor(lint(json({ [typo]: { x: "allow" } })), "unknown-surface")).toEqual(want);
    expect(helpFor(lint(perm(`${typo} "x" allow\n`)), "unknown-surface")).toEqual(want);
    expect(helpFor(lint(agent(`  ${typo}: allow\n`)), "unknown-surface")).toEqual(want);
  });

  it("an extension tool name far from every surface passes", () => {
    expect(helpFor(lint(json({ exa_search: "allow", my_tool: { x: "deny" } })), "unknown-surface")).toEqual([]);
    expect(helpFor(lint(perm('exa_search allow\nmy_tool "x" deny\n')), "unknown-surface")).toEqual([]);
  });

  it("a deny object key: `reson` → `reason` (JSON), and the .perm spelling of a reason is explained", () => {
    const j = lint(json({ read: { a: { action: "deny", reson: "secret" } } }));
    expect(helpFor(j, "invalid-value")).toEqual(["did you mean `reason`? a deny object has only `action` and `reason`"]);
    const p = lint(perm('read "a" deny reson "secret"\n'));
    expect(helpFor(p, "syntax-error")).toEqual(['a deny reason is the string right after `deny`: write `deny "…"`, with no `reason` key']);
  });

  it("a surface typo is reported once per .perm file, however many rules use it", () => {
    expect(helpFor(lint(perm('bsah "a" allow\nbsah "b" deny\n')), "unknown-surface")).toHaveLength(1);
  });
});

describe("warnings are shown even when the file also has errors", () => {
  it.each([
    ["JSON", json({ bsah: { x: "allow" }, read: "sometimes" })],
    [".perm", perm('bsah "x" allow\nread sometimes\n')],
    ["agent frontmatter", agent("  bsah: allow\n  read: sometimes\n")],
  ])("%s", (_kind, input) => {
    const diags = lint(input);
    expect(diags.map((d) => d.slug)).toContain("unknown-surface");
    if (input.kind !== "agent-md") expect(diags.some((d) => d.severity === "error")).toBe(true);
  });
});
