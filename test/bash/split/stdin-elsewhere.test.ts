/**
 * Standard input fed where the walk did not look (a seventh review,
 * 2026-12-07, real bash): a function's body reads what each call is fed
 * (`f(){ sh; }; f <<< '…'`, `… | f`, a redirect on the definition), and
 * `exec <<< '…'` gives every later command of the shell that input. A bare
 * interpreter there ran the text: each row was allowed, and did it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keyHome } from "../../support/key-home.js";

const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow", "rm *": "deny" },
  path: { "*": "allow", "~/.ssh/*": "deny", "~/.bashrc": "deny" },
  external_directory: { "*": "allow" },
};

describe("standard input through a function or exec", () => {
  const kh = keyHome("stdin-elsewhere", PERMISSION);

  it.each([
    "exec <<< 'cat ../.ssh/id_rsa'; sh",
    "f(){ sh; }; f <<< 'cat ../.ssh/id_rsa'",
    "f(){ bash; }; echo 'cat ../.ssh/id_rsa' | f",
    "function f { sh; }; f <<< 'cat ../.ssh/id_rsa'",
    "f()(sh); f <<< 'cat ../.ssh/id_rsa'",
    "f(){ ed; } <<< '!cat ../.ssh/id_rsa'; f",
    "exec < <(echo '!cat ../.ssh/id_rsa'); ed",
    "e''xec <<< 'cat ../.ssh/id_rsa'; sh",
    "f(){ python3; }; f <<< 'print(open(\"../.ssh/id_rsa\").read())'",
  ])("%s is not allowed (the key is read)", async (command) => {
    await kh.readsTheKey(command);
  });

  it("f(){ sh; }; f <<< 'echo pwned >> ../.bashrc' is not allowed (bash writes it)", async () => {
    writeFileSync(path.join(kh.home, ".bashrc"), "");
    const command = "f(){ sh; }; f <<< 'echo pwned >> ../.bashrc'";
    kh.output(command);
    expect(readFileSync(path.join(kh.home, ".bashrc"), "utf8"), "the premise").toBe("pwned\n");
    expect(await kh.decide(command)).not.toBe("allow");
  });

  it("exec <<< 'rm victim'; sh is not allowed under rm * (bash removes it)", async () => {
    const victim = path.join(kh.cwd, "victim");
    writeFileSync(victim, "");
    const command = "exec <<< 'rm victim'; sh";
    kh.output(command);
    expect(() => readFileSync(victim), "the premise").toThrow();
    expect(await kh.decide(command)).not.toBe("allow");
  });

  it.each([
    // A function that runs no interpreter reading code, and an exec that feeds nothing in.
    ["f(){ git status; }; f", "allow"],
    ["exec > log.txt 2>&1; ls", "allow"],
    ["f(){ python3 tool.py; }; f", "allow"],
  ])("%s → %s", async (command, want) => {
    expect(await kh.decide(command)).toBe(want);
  });
});
