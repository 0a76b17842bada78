/**
 * A word whose value an expansion gives, where an option may stand
 * (programs/parse-options.ts expandedOptions): `tar -cf o.tar $(cat list) a`
 * with `list` holding `--checkpoint=1 --checkpoint-action=exec=./x.sh` runs
 * x.sh. Real bash is the oracle: the command runs the script; permc, in the
 * same directory, must not allow it. An expansion whose value is an absolute
 * path, or a program whose options name no file or command, stays allowed.
 */
import { chmodSync, existsSync, realpathSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";

let dir: string;
let policy: Policy;

beforeAll(async () => {
  dir = realpathSync(tempDir("expanded-options"));
  writeFileSync(path.join(dir, "list"), "--checkpoint=1 --checkpoint-action=exec=./x.sh\n");
  writeFileSync(path.join(dir, "a"), "a\n");
  writeFileSync(path.join(dir, "x.sh"), "#!/bin/sh\ntouch PWNED\n");
  chmodSync(path.join(dir, "x.sh"), 0o755);
  const compiled = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "sh *": "deny", "rm *": "deny" } })], { home: dir });
  if (compiled.policy === null) throw new Error("the policy did not compile");
  policy = compiled.policy;
});

const decide = async (command: string) => (await createGate(policy, { cwd: dir, home: dir }).decide({ tool: "bash", input: { command } })).action;

describe("an expansion where an option may stand", () => {
  it.each(["tar -cf o.tar $(cat list) a", 'tar -cf o.tar "$(head -c 14 list)" $(tail -c +16 list) a'])(
    "%s runs the options the file holds, and permc does not allow it",
    async (command) => {
      spawnSync("bash", ["-c", `rm -f PWNED; ${command}`], { cwd: dir, stdio: "ignore", timeout: 10_000 });
      expect(existsSync(path.join(dir, "PWNED")), "real bash ran the option the expansion gave").toBe(true);
      spawnSync("rm", ["-f", path.join(dir, "PWNED")]);
      expect(await decide(command)).not.toBe("allow");
    },
  );

  it.each([
    // A program permc reads as a leaf (no option of it names a file or a command), and expansions whose values are absolute paths.
    "cat $(cat list)",
    'tar -cf o.tar "$PWD"',
    "tar -cf o.tar ${HOME}/a",
    // After `--` no word is an option.
    "tar -cf o.tar -- $(cat list)",
  ])("%s is allowed", async (command) => {
    expect(await decide(command)).toBe("allow");
  });
});
