/**
 * The README's library example runs as shown and gives the answer its comment
 * states, against the built package (npm test builds dist/ first); and the
 * raw lookup it warns about answers as the README says.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { permc, ROOT } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const README = readFileSync(path.join(ROOT, "README.md"), "utf8");

describe("README: deciding a tool call", () => {
  it("the example runs and decides as its comment says; check() is the raw lookup", async () => {
    const block = /```js\n(import os[\s\S]*?createGate[\s\S]*?)```/.exec(README)?.[1];
    expect(block, "the README's createGate example").toBeDefined();
    const expected = /\/\/ → \{ action: "(\w+)", matchedPattern: "([^"]+)"/.exec(block!)!;
    const dir = tempDir("readme");
    const config = path.join(dir, "config.json");
    writeFileSync(config, JSON.stringify({ permission: { "*": "ask", bash: { "*": "ask", "git diff*": "allow", "rm *": "deny" } } }));
    const module = path.join(dir, "policy.mjs");
    expect((await permc(["compile", config, "-o", module])).status).toBe(0);
    const runnable = block!
      .replace('"permc/runtime"', JSON.stringify(pathToFileURL(path.join(ROOT, "dist", "runtime", "index.js")).href))
      .replace('"generated/policy.mjs"', JSON.stringify(module))
      .replace("await gate.decide(", "export const decision = await gate.decide(")
      .concat('\nexport const raw = policy.check("bash", "git diff; rm -rf ~");\n');
    const file = path.join(dir, "example.mjs");
    writeFileSync(file, runnable);
    const { decision, raw } = (await import(pathToFileURL(file).href)) as { decision: Record<string, unknown>; raw: Record<string, unknown> };
    expect({ action: decision.action, matchedPattern: decision.matchedPattern, gate: decision.gate }).toEqual({
      action: expected[1],
      matchedPattern: expected[2],
      gate: "tool",
    });
    expect(raw.action).toBe("allow");
    expect(README).toContain('`policy.check("bash", "git diff; rm -rf ~")` is\nallow under a `git diff*` rule');
  });
});
