/**
 * Two classes of the older hidden suite (issue 35): a program given to `su`
 * as its shell by an option (`su --shell=/bin/rm root` runs rm), a shell su
 * starts without `-c`, which reads its commands from its input (`echo 'rm x'
 * | su root`), and a Perl `-M` value that is more than a module name
 * (`-M'strict;system(…)'` is `use strict;system(…);`). Real perl is the
 * oracle for the last; real su for the first two where the suite runs as
 * root (su needs no password then), as `.ci/run` does.
 */
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

const POLICY = { "*": "allow", bash: { "*": "allow", "rm *": "deny" } };
const PLACE = { cwd: tempDir("su-perl"), home: "/home/tester" };
const decide = async (command: string): Promise<string> => (await decideBash(POLICY, command, PLACE)).action;

describe("su and runuser", () => {
  it.each([
    ["su --shell=/bin/rm root", "deny"],
    ["su -s /bin/rm root -c victim", "deny"],
    ["runuser -s /bin/rm root", "deny"],
    ["su root", "ask"],
    ["echo 'rm victim' | su root", "ask"],
    ["su - root", "ask"],
    ["su -c 'rm victim' root", "deny"],
    ["su root -c 'ls'", "ask"],
  ])("%s → %s", async (command, want) => {
    expect(await decide(command)).toBe(want);
  });

  const root = process.getuid?.() === 0;
  it("the premise, where the suite runs as root: su runs the --shell program, and a shell without -c runs its input", () => {
    if (!root) {
      // su asks for a password otherwise; the decisions above do not depend on it.
      expect(process.getuid?.()).not.toBe(0);
      return;
    }
    const shell = spawnSync("su", ["--shell=/bin/echo", "root", "-c", "RAN-AS-SHELL"], { encoding: "utf8" });
    expect(shell.stdout).toContain("RAN-AS-SHELL");
    const input = spawnSync("su", ["root"], { input: "echo RAN-FROM-INPUT\n", encoding: "utf8" });
    expect(input.stdout).toContain("RAN-FROM-INPUT");
  });
});

describe("perl -M and -m", () => {
  beforeAll(() => {
    const v = spawnSync("perl", ["-v"]);
    if (v.status !== 0) throw new Error("perl is needed as the oracle (Debian's perl-base, always installed)");
  });

  it("the premise: what follows the module name runs", () => {
    const run = spawnSync("perl", ["-Mstrict;print qq(RAN-IN-M\\n)", "/dev/null"], { encoding: "utf8" });
    expect(run.stdout).toContain("RAN-IN-M");
  });

  it.each([
    ["perl -M'strict;system(\"rm victim\")' x.pl", "ask"],
    ["perl '-mstrict;system q(rm victim)' x.pl", "ask"],
    ["perl '-M Foo' x.pl", "ask"],
    ["perl -mstrict x.pl", "allow"],
    ["perl -MData::Dumper x.pl", "allow"],
    ["perl -MFoo=a,b x.pl", "allow"],
    ["perl -M-warnings x.pl", "allow"],
  ])("%s → %s", async (command, want) => {
    expect(await decide(command)).toBe(want);
  });
});
