import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/pipeline.js";
import { loadPolicy } from "../../runtime/index.js";
import { ROOT } from "../support/cli.js";

const INPUT = path.join("examples", "policy.json");
const OUTPUT = path.join("generated", "example-policy.mjs");

describe("the committed example module", () => {
  it("is byte-identical to a fresh compile of examples/policy.json (run `npm start` to refresh)", () => {
    const text = readFileSync(path.join(ROOT, INPUT), "utf8");
    const result = compile({
      inputs: [{ file: INPUT, text, scope: "global", kind: "pi-json" }],
      target: { home: "/home/user", platform: "posix" },
      command: `permc compile ${INPUT} -o ${OUTPUT} --home /home/user --platform posix`,
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.moduleText).toBe(readFileSync(path.join(ROOT, OUTPUT), "utf8"));
  });

  it("loads through the runtime and decides", async () => {
    const policy = await loadPolicy(path.join(ROOT, OUTPUT), { home: "/home/user" });
    expect(policy.error).toBeNull();
    expect(policy.check("bash", "git push --force origin main")).toMatchObject({ action: "deny", reason: "never rewrite shared history" });
    expect(policy.check("read", "/home/user/.ssh/id_ed25519")).toMatchObject({ action: "deny", matchedPattern: "~/.ssh/*" });
  });
});
