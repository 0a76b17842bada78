/**
 * The playground's logic, run in Node: the same modules the page bundles
 * (compile to tables in memory, the runtime's loader from data, the gate and
 * the explain trace), without a browser.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { automatonDot, compilePolicy, decideCall, parseCall } from "../../playground/src/session.js";
import { decodeState, encodeState } from "../../playground/src/url-state.js";
import { EXAMPLE } from "../../playground/src/example.js";

const PERM = ["scope global", "default ask", 'bash "git *" allow', 'bash "*--force*" deny', 'read "*.env" deny', ""].join("\n");

describe("playground session", () => {
  it("decides and explains a .perm policy's tool calls", async () => {
    const compiled = compilePolicy("perm", PERM);
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const push = await decideCall(compiled, "bash git push --force");
    expect(push.action).toBe("deny");
    expect(push.surface).toBe("bash");
    expect(push.trace).toMatch(/wins\s+deny\s+`\*--force\*` on `bash`\s+\(policy\.perm:4:6\)/);
    expect((await decideCall(compiled, "bash git status")).action).toBe("allow");
    expect((await decideCall(compiled, "read .env")).action).toBe("deny");
    expect((await decideCall(compiled, 'bash {"command":"ls"}')).action).toBe("ask");
  });

  it("decides a pi JSON config and draws the automaton of the surface that decided", async () => {
    const compiled = compilePolicy("json", JSON.stringify({ permission: { "*": "ask", bash: { "npm *": "allow" } } }, null, 2));
    const r = await decideCall(compiled, "bash npm test");
    expect(r.action).toBe("allow");
    const drawn = automatonDot(compiled, r.surface!);
    if ("error" in drawn) throw new Error(drawn.error);
    expect(drawn.dot).toContain("allow npm *\\npolicy.json:");
  });

  it("shows config errors with line and column, and then denies every call", async () => {
    const compiled = compilePolicy("json", '{\n  "permission": { "bash": { "git *": "alow" } }\n}');
    const errors = compiled.diagnostics.filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ file: "policy.json", line: 2 });
    expect(compiled.rendered).toContain("policy.json:2:");
    expect(compiled.policy).toBeNull();
    const r = await decideCall(compiled, "bash git status");
    expect(r.action).toBe("deny");
    expect(r.trace).toMatch(/policy has errors/);
    expect(automatonDot(compiled, "bash")).toEqual({ error: "no automata: the policy has errors" });
  });

  it("the example the page opens with compiles cleanly and decides each of its calls", async () => {
    const compiled = compilePolicy(EXAMPLE.kind, EXAMPLE.policy);
    expect(compiled.diagnostics).toEqual([]);
    const actions = await Promise.all(EXAMPLE.calls.split("\n").map(async (l) => (await decideCall(compiled, l)).action));
    expect(actions).toEqual(["deny", "deny", "deny"]);
  });

  it.each<[string, unknown]>([
    ["bash git push", { tool: "bash", input: { command: "git push" } }],
    ["read ~/.ssh/id_rsa", { tool: "read", input: { path: "~/.ssh/id_rsa" } }],
    ['mcp {"tool":"x"}', { tool: "mcp", input: { tool: "x" } }],
    ['{"tool":"edit","input":{"path":"a"}}', { tool: "edit", input: { path: "a" } }],
    ["mcp {oops", { error: "the input is not valid JSON" }],
  ])("reads the call line %j", (line, call) => {
    expect(parseCall(line)).toEqual(call);
  });
});

describe("playground URL fragment", () => {
  it("round-trips any state", () => {
    fc.assert(
      fc.property(fc.constantFrom("perm" as const, "json" as const), fc.string({ unit: "grapheme" }), fc.string(), (kind, policy, calls) => {
        expect(decodeState(`#${encodeState({ kind, policy, calls })}`)).toEqual({ kind, policy, calls });
      }),
    );
  });

  it.each(["", "#", "#not base64!", "#e30", `#${btoa(JSON.stringify({ v: 2, kind: "perm", policy: "", calls: "" }))}`])(
    "ignores a fragment that is not a state: %j",
    (fragment) => {
      expect(decodeState(fragment)).toBeNull();
    },
  );
});
