/** Loading tables from data (the playground's path) checks what loading a module file checks, past the file's own layout. */
import { describe, expect, it } from "vitest";
import { buildPayload } from "../../compiler/emit/payload.js";
import { compile, COMPILER_VERSION } from "../../compiler/index.js";
import { policyFromPayload } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const HOME = "/home/payload";
const PERMISSION = { "*": "ask", bash: { "*": "allow", "rm *": "deny" }, read: { "~/.ssh/*": "deny" } };

function payloadOf(permission: unknown): unknown {
  const r = compile({ inputs: [piJson(permission)], target: { home: HOME, platform: "posix" }, command: "test", until: "automata" });
  const { policy, tables } = r.state;
  if (!policy || !tables) throw new Error("did not compile");
  return JSON.parse(JSON.stringify(buildPayload(policy, tables, r.sources)));
}

const source = (payload: unknown, home = HOME) => ({
  payload,
  compiledFor: { home, platform: "posix" as const },
  compilerVersion: COMPILER_VERSION,
  label: "mem",
});

describe("policyFromPayload", () => {
  it("decides as the same policy loaded from its module file", async () => {
    const fromFile = (await compileAndLoad([piJson(PERMISSION)], { home: HOME })).policy!;
    const fromData = policyFromPayload(source(payloadOf(PERMISSION)), { home: HOME });
    expect(fromData.error).toBeNull();
    for (const [surface, value] of [
      ["bash", "rm -rf x"],
      ["bash", "ls"],
      ["read", `${HOME}/.ssh/id_rsa`],
      ["edit", "x"],
    ] as const) {
      expect(fromData.check(surface, value)).toEqual(fromFile.check(surface, value));
    }
  });

  it("refuses tampered tables, another home, a foreign compiler and a malformed target, denying everything", () => {
    const good = payloadOf(PERMISSION) as { valueMatchers: Array<{ payloads: { length: number } }> };
    const tampered = structuredClone(good);
    tampered.valueMatchers[0]!.payloads.length += 1;
    const cases = [
      [policyFromPayload(source(tampered), { home: HOME }), /mem: valueMatchers\[0\]/],
      [policyFromPayload(source(good, "/home/other"), { home: HOME }), /compiled for home \/home\/other/],
      [policyFromPayload({ ...source(good), compilerVersion: "99.0.0" }, { home: HOME }), /compiled by permc 99\.0\.0/],
      [policyFromPayload({ ...source(good), compiledFor: { home: HOME, platform: "dos" as "posix" } }), /target .* is malformed/],
      [policyFromPayload(source(null), { home: HOME }), /mem: policy payload is not an object/],
    ] as const;
    for (const [policy, message] of cases) {
      expect(policy.error).toMatch(message);
      expect(policy.check("bash", "ls").action).toBe("deny");
    }
  });
});
