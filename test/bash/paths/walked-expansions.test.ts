/**
 * A directory a recursive command walks, spelt as an expansion (`tar cf x.tar
 * "$PWD"`, `zip -r z.zip "$PWD"/src/..`): the walked operand was skipped when
 * it was no plain word, so the walk met no rule (found by npm run hunt, round
 * 1: tar and zip read `.env` under `*.env: deny` and were allowed). Real tar
 * and zip are the oracle: each command below prints the secret, and permc must
 * not allow it; the same walk of a directory without it stays allowed.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Gate } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";

const dir = realpathSync(tempDir("walked-expansions"));
const SECRET = "SECRET-WALKED";
let gate: Gate;
let cleanGate: Gate;
beforeAll(async () => {
  mkdirSync(path.join(dir, "src"));
  mkdirSync(path.join(dir, "clean"));
  writeFileSync(path.join(dir, ".env"), `${SECRET}\n`);
  writeFileSync(path.join(dir, "src", "a.ts"), "export {}\n");
  writeFileSync(path.join(dir, "clean", "a.txt"), "a\n");
  const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: "allow", path: { "*": "allow", "*.env": "deny" } })], { home: dir });
  gate = createGate(policy!, { cwd: dir, home: dir });
  cleanGate = createGate(policy!, { cwd: path.join(dir, "clean"), home: dir });
});

const out = (command: string, cwd = dir): string => {
  const r = spawnSync("bash", ["-c", command], { cwd, encoding: "utf8", timeout: 10_000 });
  return r.stdout + r.stderr;
};

describe("a walked directory spelt as an expansion (real tar and zip)", () => {
  it.each([
    'tar -cf - "$PWD" | tar -xOf -',
    'tar cf - "$PWD/" | tar xOf -',
    'tar -cf - "$PWD"/src/.. | tar -xOf -',
    'tar -cf - "${PWD}" | tar -xOf -',
    'nice tar -cf - "$PWD" | tar -xOf -',
    'timeout 5 tar -cf - "$PWD" | tar -xOf -',
  ])("%s: prints the secret, and is not allowed", async (command) => {
    expect(out(command)).toContain(SECRET);
    expect((await gate.decide({ tool: "bash", input: { command } })).action).not.toBe("allow");
  });

  it("zip -r of $PWD reads it too", async () => {
    const command = 'zip -0 -qr - "$PWD" | cat';
    expect(out(command)).toContain(SECRET);
    expect((await gate.decide({ tool: "bash", input: { command } })).action).not.toBe("allow");
  });

  it("a walk of an unknown directory asks", async () => {
    expect((await gate.decide({ tool: "bash", input: { command: 'tar -cf /tmp/x.tar "$SOMEDIR"' } })).action).toBe("ask");
  });

  it("the same walk where nothing is denied is allowed", async () => {
    expect((await cleanGate.decide({ tool: "bash", input: { command: 'tar -cf - "$PWD" | tar -tf -' } })).action).toBe("allow");
  });
});

describe("a walk of a directory whose every path one rule denies is denied, not asked", () => {
  let keysGate: Gate;
  beforeAll(async () => {
    mkdirSync(path.join(dir, "keys"));
    writeFileSync(path.join(dir, "keys", "id_rsa"), "KEY\n");
    const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: "allow", path: { "*": "allow", "*.env": "deny", [`${dir}/keys/*`]: "deny" } })], {
      home: dir,
    });
    keysGate = createGate(policy!, { cwd: dir, home: dir });
  });

  it.each(["grep -r KEY keys", "grep -r KEY keys/", "tar -cf - keys | tar -xOf -", "zip -0 -qr - keys | cat"])(
    "%s reads only denied files: deny",
    async (command) => {
      expect(out(command)).toContain("KEY");
      expect((await keysGate.decide({ tool: "bash", input: { command } })).action).toBe("deny");
    },
  );

  it("a walk that surely opens a denied file among others is denied; one that may leave it out asks", async () => {
    expect((await keysGate.decide({ tool: "bash", input: { command: "grep -r KEY ." } })).action).toBe("deny");
    expect((await keysGate.decide({ tool: "bash", input: { command: "grep -r --include=*.txt KEY ." } })).action).toBe("ask");
    // zip adds every file it walks (knowledge/walk-opens-files.ts); told to leave some out (`-x`), it may leave the key out.
    expect(out("zip -0 -qr - . | cat")).toContain("KEY");
    expect((await keysGate.decide({ tool: "bash", input: { command: "zip -qr - . | cat" } })).action).toBe("deny");
    expect((await keysGate.decide({ tool: "bash", input: { command: "zip -qr - . -x '*.txt' | cat" } })).action).toBe("ask");
  });
});
