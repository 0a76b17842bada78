/**
 * A glob met twice in one command is one pattern only when it is used the
 * same way: `cat .en? && echo x > .en?` reads it and then writes through it.
 * The write was dropped as a repeat of the read (paths/classify.ts
 * distinctPatterns), so a rule that denies writing `.env` did not see it.
 * Real bash is the oracle: the command writes `.env`.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

const WRITE_DENIED = { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow" }, path_write: { "*.env": "deny" } };
let cwd: string;

beforeAll(() => {
  cwd = realpathSync(tempDir("pattern-roles"));
  writeFileSync(path.join(cwd, ".env"), "SECRET=1\n");
  writeFileSync(path.join(cwd, "notes"), "n\n");
});

describe("the same glob read and written in one command", () => {
  it("the premise: bash writes the file the glob names", () => {
    const run = spawnSync("bash", ["-c", "cat .en? >/dev/null && echo WRITTEN > .en?"], { cwd, encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(readFileSync(path.join(cwd, ".env"), "utf8")).toBe("WRITTEN\n");
    writeFileSync(path.join(cwd, ".env"), "SECRET=1\n");
  });

  it.each([
    ["cat .en? && echo x > .en?", "deny"],
    ["echo x > .en? && cat .en?", "deny"],
    ["cat .en?", "allow"],
    ["cat .en? && cat .en?", "allow"],
  ])("%s → %s under a deny on writing *.env", async (command, want) => {
    expect((await decideBash(WRITE_DENIED, command, { cwd, home: "/home/tester" })).action).toBe(want);
  });
});
