/**
 * What only a real process shows, through the built executable (npm test
 * builds dist/ first): exit statuses and stdin from a pipe. Everything else
 * about the CLI is tested in-process.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { permcProcess } from "../support/cli.js";

describe("the permc executable", () => {
  it("answers JSONL piped on stdin and exits 0", () => {
    const r = permcProcess(
      ["eval", "--policy", "generated/example-policy.mjs", "--home", "/home/user"],
      '{"surface":"bash","value":"git status"}\n{"surface":"bash","value":"sudo ls"}\n',
    );
    expect(r.status, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { action: string }).action),
    ).toEqual(["allow", "deny"]);
  });

  it.each([
    [["compiel"], 2],
    [["compile", "x.json", "--output", "y.mjs"], 2],
    [["compile", path.join("test", "no-such-file.json"), "-o", path.join("test", "never.mjs")], 1],
    [["--help"], 0],
    [[], 2],
  ])("%j exits %i", (args, status) => {
    const r = permcProcess(args);
    expect(r.status).toBe(status);
    expect(r.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
  });
});
