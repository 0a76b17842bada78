import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";

/**
 * One folder per case under test/explain/cases: `request.json` (one request,
 * decided against the committed example module) and the expected
 * `explain.txt` and `explain.json`. Refresh with PERMC_UPDATE_GOLDEN=1.
 */
const CASES = path.join(import.meta.dirname, "cases");
const UPDATE = process.env.PERMC_UPDATE_GOLDEN === "1";

const cases = readdirSync(CASES).sort();

describe("permc explain golden output", () => {
  it.each(cases)("%s", async (name) => {
    const request = readFileSync(path.join(CASES, name, "request.json"), "utf8").trim();
    const args = ["explain", "--policy", "generated/example-policy.mjs", "--home", "/home/user", "--cwd", "/__explain__/proj", request];
    for (const [file, extra] of [
      ["explain.txt", []],
      ["explain.json", ["--format", "json"]],
    ] as const) {
      const r = await permc([...args, ...extra]);
      expect(r.status, r.stderr).toBe(0);
      const golden = path.join(CASES, name, file);
      if (UPDATE) writeFileSync(golden, r.stdout);
      else expect(r.stdout).toBe(existsSync(golden) ? readFileSync(golden, "utf8") : null);
    }
  });
});
