/**
 * Two classes an eighth review found (2026-12-07, real bash and node):
 *
 * - sed's in-place edit spelt in a cluster or an abbreviation (`sed -Ei`,
 *   `-ni`, `-si`, `--in`) was taken for a pure read, so its operands were
 *   checked against read rules only: under a policy that lets reads through
 *   and denies writes, `sed -Ei 1d ../.bashrc` rewrote the file.
 * - `NODE_REPL_EXTERNAL_MODULE` names a module node's REPL loads in place
 *   of its own: `NODE_REPL_EXTERNAL_MODULE=./n node -i` ran n's code.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keyHome } from "../../support/key-home.js";

const WRITE_DENIED = {
  "*": "allow",
  bash: { "*": "allow", "rm *": "deny" },
  path: { "*": "allow" },
  path_write: { "~/.bashrc": "deny", "~/.ssh/*": "deny" },
  external_directory: { "*": "allow" },
};

describe("sed's in-place edit, however it is spelt", () => {
  const kh = keyHome("sed-in-place", WRITE_DENIED);
  const bashrc = path.join(kh.home, ".bashrc");

  it.each(["sed -Ei 1d ../.bashrc", "sed -ni 1p ../.bashrc", "sed --in 1d ../.bashrc", "sed -si 1d ../.bashrc"])(
    "%s is not allowed (bash rewrites it)",
    async (command) => {
      writeFileSync(bashrc, "line one\nline two\n");
      kh.output(command);
      expect(readFileSync(bashrc, "utf8"), "the premise").not.toBe("line one\nline two\n");
      expect(await kh.decide(command)).not.toBe("allow");
    },
  );

  it.each([
    ["sed -n 1p ../.bashrc", "allow"],
    ["sed -E s/a/b/ ../.bashrc", "allow"],
  ])("%s → %s (a read)", async (command, want) => {
    expect(await kh.decide(command)).toBe(want);
  });
});

describe("node's REPL module", () => {
  const kh = keyHome("repl-module", WRITE_DENIED);

  it("NODE_REPL_EXTERNAL_MODULE=./n node -i is not allowed under rm * (it runs rm)", async () => {
    const victim = path.join(kh.cwd, "victim");
    writeFileSync(victim, "");
    const command = `echo 'require("child_process").execSync("rm victim")' > n; NODE_REPL_EXTERNAL_MODULE=./n node -i`;
    kh.output(command.replace("node -i", `${process.execPath} -i`));
    expect(existsSync(victim), "the premise: node ran rm").toBe(false);
    expect(await kh.decide(command)).not.toBe("allow");
  });
});
