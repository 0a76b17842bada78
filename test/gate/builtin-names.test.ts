/**
 * Tool names and input fields come from the model. Names that JavaScript
 * objects inherit (`toString`, `constructor`, `__proto__`, …) are ordinary
 * names on the decision path: a lookup must find the policy's own entry or
 * nothing, never Object.prototype's.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const HOME = "/home/t";
const CWD = "/tmp/proj";

/** Every name an object, a function, an array or a string inherits, and the special ones. */
const INHERITED = [
  ...new Set([
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Function.prototype),
    ...Object.getOwnPropertyNames(Array.prototype),
    ...Object.getOwnPropertyNames(String.prototype),
    "__proto__",
    "prototype",
  ]),
].filter((n) => n.trim() === n && n !== "");

const pathDeny = async (extra: Record<string, unknown> = {}) =>
  (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "/etc/*": "deny" }, ...extra })], { home: HOME })).policy!;

describe("tool names inherited by JavaScript objects", () => {
  let policy: Policy;
  let denied: Policy;
  beforeAll(async () => {
    policy = await pathDeny();
    // One policy that denies every inherited name as a tool.
    denied = (await compileAndLoad([piJson({ "*": "allow", ...Object.fromEntries(INHERITED.map((n) => [n, "deny"])) })], { home: HOME })).policy!;
    expect(denied.error).toBeNull();
  }, 60_000);

  it("has names to try", () =>
    expect(INHERITED).toEqual(expect.arrayContaining(["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf", "call", "apply", "bind"])));

  it('{"tool":"toString","input":{"path":"/etc/passwd"}} under a /etc/* path deny is denied by that rule', async () => {
    const d = await createGate(policy, { cwd: CWD, home: HOME }).decide({ tool: "toString", input: { path: "/etc/passwd" } });
    expect(d).toMatchObject({ action: "deny", matchedPattern: "/etc/*", gate: "path" });
  });

  it('"toString": "deny" denies the tool toString', async () => {
    const only = (await compileAndLoad([piJson({ "*": "allow", toString: "deny" })], { home: HOME })).policy!;
    const d = await createGate(only, { cwd: CWD, home: HOME }).decide({ tool: "toString", input: {} });
    expect(d).toMatchObject({ action: "deny", surface: "toString", gate: "tool" });
  });

  it("property: any inherited name, with any path under /etc, is denied by the path rule", async () => {
    const gate = createGate(policy, { cwd: CWD, home: HOME });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...INHERITED), fc.stringMatching(/^[a-z0-9._-]{1,12}$/), async (tool, name) => {
        const d = await gate.decide({ tool, input: { path: `/etc/${name}` } });
        expect(d.action, `${tool} /etc/${name}`).toBe("deny");
        expect(d.matchedPattern).toBe("/etc/*");
      }),
      { numRuns: 200 },
    );
  });

  it("property: a policy that denies an inherited name as a tool denies every call of it", async () => {
    const gate = createGate(denied, { cwd: CWD, home: HOME });
    await fc.assert(
      fc.asyncProperty(
        // A `__proto__` key vanishes when JavaScript parses a config (PC0010), so no rule names it; see below.
        fc.constantFrom(...INHERITED.filter((n) => n !== "__proto__")),
        fc.dictionary(fc.constantFrom("path", "command", "name", ...INHERITED), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
        async (tool, input) => {
          const d = await gate.decide({ tool, input });
          expect(d.action, `${tool} ${JSON.stringify(input)}`).toBe("deny");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the tool __proto__, which no JSON config can name, is decided by the universal rule", async () => {
    const p = (await compileAndLoad([piJson({ "*": "deny", bash: { "*": "allow" } })], { home: HOME })).policy!;
    expect(await createGate(p, { cwd: CWD, home: HOME }).decide({ tool: "__proto__", input: {} })).toMatchObject({
      action: "deny",
      gate: "tool",
      surface: "*",
    });
  });

  it("a shellTools entry named like a builtin is that entry; other builtin names are not shell tools", async () => {
    const p = (
      await compileAndLoad(
        [
          piJson({ "*": "allow", bash: { "*": "allow", "rm *": "deny" }, path: { "*": "allow", "/etc/*": "deny" } }, "global", {
            shellTools: { constructor: { commandArgument: "script" } },
          }),
        ],
        { home: HOME },
      )
    ).policy!;
    const gate = createGate(p, { cwd: CWD, home: HOME });
    expect(await gate.decide({ tool: "constructor", input: { script: "rm -rf x" } })).toMatchObject({ action: "deny", matchedPattern: "rm *" });
    expect(await gate.decide({ tool: "constructor", input: {} })).toMatchObject({ action: "deny", gate: "input" });
    expect(await gate.decide({ tool: "toString", input: { path: "/etc/shadow" } })).toMatchObject({ action: "deny", matchedPattern: "/etc/*" });
  });

  it("an input field named like a builtin is the input's own field or absent", async () => {
    const p = (
      await compileAndLoad(
        [piJson({ "*": "allow", bash: { "*": "allow", "rm *": "deny" } }, "global", { shellTools: { run: { commandArgument: "constructor" } } })],
        { home: HOME },
      )
    ).policy!;
    const gate = createGate(p, { cwd: CWD, home: HOME });
    // Without its own `constructor` field there is no command (not Object's constructor function).
    expect(await gate.decide({ tool: "run", input: {} })).toMatchObject({
      action: "deny",
      gate: "input",
      error: expect.stringContaining("without 'constructor'"),
    });
    expect(await gate.decide({ tool: "run", input: { constructor: "rm x" } })).toMatchObject({ action: "deny", matchedPattern: "rm *" });
  });
});
