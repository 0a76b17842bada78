import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/pipeline.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { referenceEvaluate } from "../support/reference-evaluate.js";

/**
 * The whole pipeline (front end → surface sets → value automata → module →
 * loader → check) against an independent regex interpreter of the reference's
 * semantics, on random configs and random requests.
 */
const SURFACES = ["bash", "read", "write", "mcp", "path", "path_read", "external_directory", "exa_*", "**", "r?ad", "my tool *", "t*", "task", "~/x"];
const PIECES = ["*", "?", " *", "a", "b", "git", " ", "/", "~/", "$HOME", "${HOME}", "é", "\n", ".", "[", "\\"];
const pattern = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 5 }).map((p) => p.join(""));
const action = fc.constantFrom("allow", "ask", "deny");
const value = fc.oneof(
  fc.array(fc.constantFrom("a", "b", "git", " ", "/", "/home/t/", "é", "É", "\n", "x", "*", "[", "\\"), { maxLength: 6 }).map((p) => p.join("")),
  fc.string({ maxLength: 8 }),
);
const surfaceValue = fc.oneof(
  action,
  fc.dictionary(pattern, fc.oneof(action, fc.record({ action: fc.constant("deny"), reason: fc.constantFrom("r1", "r2") })), { minKeys: 1, maxKeys: 5 }),
);
const permission = fc
  .tuple(fc.option(action, { nil: undefined }), fc.dictionary(fc.constantFrom(...SURFACES), surfaceValue, { maxKeys: 5 }))
  .map(([universal, surfaces]) => (universal ? { "*": universal, ...surfaces } : surfaces));
const request = fc.tuple(
  fc.constantFrom(...SURFACES, "bash", "read", "readme", "exa_search", "my tool", "task", "other", "/home/t/x", "path_write", "external_directory_read"),
  value,
);

describe("compiled decisions equal the reference interpreter", () => {
  it.each([
    ["posix", true],
    ["win32", true],
    ["posix", false],
    ["win32", false],
  ] as const)("on random configs and requests (%s, one DFA when it fits: %s)", async (platform, trySingleDfa) => {
    await fc.assert(
      fc.asyncProperty(permission, fc.array(request, { minLength: 1, maxLength: 12 }), fc.boolean(), async (perm, requests, yolo) => {
        const inputs = [piJson(perm)];
        // Without the single-DFA attempt every rule shape runs in its own matcher part.
        const { policy } = await compileAndLoad(inputs, { home: "/home/t", platform }, { trySingleDfa });
        expect(policy?.error ?? null).toBeNull();
        const ir = compile({ inputs, target: { home: "/home/t", platform }, command: "x", until: "compose" }).state.policy!;
        for (const [surface, v] of requests) {
          const got = policy!.check(surface, v, yolo);
          const want = referenceEvaluate(ir, surface, v, { home: "/home/t", platform, yolo });
          expect(
            { action: got.action, matchedPattern: got.matchedPattern, reason: got.reason ?? null, origin: got.origin },
            `${surface} ${JSON.stringify(v)}`,
          ).toEqual({
            action: want.action,
            matchedPattern: want.matchedPattern,
            reason: want.reason ?? null,
            origin: want.origin,
          });
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("hostile inputs", () => {
  it("compiles a 10,000-rule config (timing is measured in bench/, not here)", async () => {
    const bash: Record<string, string> = { "*": "ask" };
    for (let i = 0; i < 10_000; i++) bash[`cmd${i} sub${i % 97} *`] = i % 3 === 0 ? "deny" : "allow";
    const { policy } = await compileAndLoad([piJson({ bash })]);
    expect(policy!.check("bash", "cmd43 sub43 --x").action).toBe("allow");
    expect(policy!.check("bash", "cmd9999 sub8 y").action).toBe("deny");
  });

  it("answers `*a*a*a*a*a*a*b` against 5,000 `a`s (a backtracking regex would not finish)", async () => {
    const { policy } = await compileAndLoad([piJson({ bash: { "*": "allow", "*a*a*a*a*a*a*b": "deny" } })]);
    expect(policy!.check("bash", "a".repeat(5000)).action).toBe("allow");
    expect(policy!.check("bash", "a".repeat(5000) + "b").action).toBe("deny");
  });
});
