/**
 * A fourth review (2026-12-07, a helper with real bash): words the shell
 * builds and names programs build. A walk of `/` listed nothing; `\` CR LF
 * is no line continuation to bash; a glob bracket's collating symbol,
 * equivalence class or quoting is a character to bash; a backup's suffix,
 * a decompressor's `.zstd` and a bare split prefix name files. Real bash is
 * the oracle for each attack (a walk of the whole file system is not run:
 * its decision is the question); permc must not allow it.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { type KeyHome, keyHome } from "../../support/key-home.js";

const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow", "rm *": "deny" },
  path: { "*": "allow", "~/.ssh/*": "deny", "~/.ssh": "deny", "~/.bashrc": "deny", "*.env": "deny" },
  external_directory: { "*": "allow" },
};

/** A fresh layout for each row: a row may have changed it (removed the victim, made a file). */
let h: KeyHome;

beforeEach(() => {
  h = keyHome("words-and-walks", PERMISSION);
  writeFileSync(path.join(h.cwd, "victim"), "v\n");
  writeFileSync(path.join(h.cwd, "x.txt"), "x\n");
});

describe("the premise is bash's, the decision permc's", () => {
  it.each([
    "cat ~/.ss[[.h.]]/id_rsa",
    "cat ~/.ss[[=h=]]/id_rsa",
    "cat ~/.ss[$'\\x68']/id_rsa",
    "cat ~/.ss[[:alpha:][.h.]]/id_rsa",
    "true x\\\r\ncd ..; cat .ssh/id_rsa",
  ])("%j prints the key", (command) => h.readsTheKey(command));

  it.each([": \\\r\nrm -f victim", "echo x\\\r\nrm victim"])("%j removes the victim", async (command) => {
    h.output(command);
    expect(existsSync(path.join(h.cwd, "victim")), "the premise: bash runs rm").toBe(false);
    expect(await h.decide(command)).not.toBe("allow");
  });

  it.each([
    "echo evil >~/.bash; cp -bSrc x.txt ~/.bash",
    "echo evil >~/.bash; cp -b --suffix=rc x.txt ~/.bash",
    "echo evil >~/.bash; SIMPLE_BACKUP_SUFFIX=rc cp -b x.txt ~/.bash",
    "echo evil | zstd -q >../.bashrc.zstd; zstd -dq ../.bashrc.zstd",
  ])("%j writes ~/.bashrc", (command) => h.makes(".bashrc", command));

  it("a bare split prefix is checked with its suffix: `split … a.en` writes a.env", async () => {
    const command = "seq 30 >y; split -a1 -n22 y a.en";
    h.output(command);
    expect(existsSync(path.join(h.cwd, "a.env")), "the premise: split writes a.env").toBe(true);
    expect(await h.decide(command)).not.toBe("allow");
  });
});

describe("a fifth review (real bash)", () => {
  it.each([
    // A class that never closes: `[` and `:` are members of the set.
    "cat ~/.ss[h[:]/id_rsa",
    // The working directory of the process that opens it, spelt another way; a descriptor's directory.
    "cd ..; cat /proc//self/cwd/.ssh/id_rsa",
    "cd ..; cat /dev/fd/../cwd/.ssh/id_rsa",
    "cat /dev/stdin/.ssh/id_rsa <..",
    // A CR inside a substitution inside quotes is code's.
    'echo "$(:\r#;cat ~/.ssh/id_rsa\n)"',
  ])("%j prints the key", (command) => h.readsTheKey(command));

  it.each([":<<E \r#;rm -f victim\nE", "cat <<E \\\r\nE\nrm -f victim\nE"])("%j removes the victim", async (command) => {
    h.output(command);
    expect(existsSync(path.join(h.cwd, "victim")), "the premise: bash runs rm").toBe(false);
    expect(await h.decide(command)).not.toBe("allow");
  });

  it("`lz4 -m` decompresses a .lz4 operand to its name without the suffix", async () => {
    const command = "echo evil | lz4 -q > x.env.lz4; lz4 -qm x.env.lz4";
    h.output(command);
    expect(existsSync(path.join(h.cwd, "x.env")), "the premise: lz4 writes x.env").toBe(true);
    expect(await h.decide(command)).not.toBe("allow");
  });

  it.each(["exec 9<..; echo evil >/dev/fd/9/.bashrc"])("%j writes ~/.bashrc", (command) => h.makes(".bashrc", command));
});

describe("a walk of the whole file system", () => {
  it.each(["find / -name id_rsa -exec cat {} +", "grep -rs --include=id_rsa SECRET /", "cd /; grep -rs x .", "grep -r SECRET //", "tar czf - / | cat"])(
    "%j is not allowed",
    async (command) => {
      expect(await h.decide(command)).not.toBe("allow");
    },
  );
});

describe("everyday shapes stay allowed", () => {
  it.each([
    "ls [a-z]*.txt",
    "cat x.[t]xt",
    "echo a \\\nb",
    "split -l 10 x.txt part-",
    "cp x.txt y.txt",
    "zstd -dq -f data.zst 2>/dev/null || true",
    "cat /proc/cpuinfo",
    "echo x > /dev/stderr",
    "cat <<E\r\nhello\r\nE\r\n",
  ])("%j", async (command) => {
    expect(await h.decide(command)).toBe("allow");
  });
});
