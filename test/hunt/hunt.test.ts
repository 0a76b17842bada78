/**
 * The hunt (hunt/, docs/closed-world.md "The hunt") on a fixed seed and a
 * small budget: permc decides the generated commands, every allowed one runs
 * under bubblewrap and strace, and none reads a denied file or runs a denied
 * program. Not vacuous: commands ran and strace recorded them, and known-bad
 * control commands forced through the same runner without permc are findings
 * for the judge (while everyday ones and the loader's own /etc opens are not).
 *
 * The seed is fixed, and it is one today's analysis passes: larger runs
 * (`npm run hunt -- --budget 5000 --seed 7`) still find open classes, listed
 * in issue 35. When one is fixed it becomes a test of its own; when this
 * seed finds something, permc changed, not the hunt.
 *
 * Needs bwrap and strace (Debian packages bubblewrap and strace; npm test
 * installs them): without them this test fails, it does not skip.
 */
import { afterAll, describe, expect, it } from "vitest";
import { Bench, runHunt, summaryLine } from "../../hunt/hunt.js";
import { missingTools } from "../../hunt/sandbox.js";

const SEED = 2;
const BUDGET = 600;

describe("the hunt", () => {
  const missing = missingTools();

  it("has its tools (bubblewrap, strace)", () => {
    expect(missing, missing ?? "").toBeNull();
  });

  describe("the judge on control commands run without permc", () => {
    const bench = missing === null ? new Bench(1) : null;
    afterAll(() => bench?.dispose());
    const bad = [
      { policy: "P2", aim: "env", command: "cat envlink.txt", target: /\/fx\/proj\/\.env$/ },
      { policy: "P2", aim: "ssh", command: "cd sshlink && head -c 3 id_rsa", target: /\/fx\/home\/tester\/\.ssh\/id_rsa$/ },
      { policy: "P2", aim: "etc:issue", command: "cat etclink/issue", target: /^\/etc\/issue$/ },
      { policy: "P2", aim: "env", command: "mv notes.txt x.env", target: /\/fx\/proj\/x\.env$/ },
      // A plain rename(2) of relative names, which strace -y does not decorate.
      { policy: "P2", aim: "env", command: "sed -i.env 1p notes.txt", target: /\/fx\/proj\/notes\.txt\.env$/ },
      { policy: "P1", aim: "rm", command: "f() { rm victim; }; f", target: /\/rm$/ },
      { policy: "P1", aim: "curl", command: "curl -s http://127.0.0.1:9/ || true", target: /\/curl$/ },
      { policy: "P1", aim: "git-push", command: "git -c alias.p=push p origin", target: /\/git$/ },
      // A denied program under another name: known by what the file is (a copy, a symbolic or a hard link).
      { policy: "P1", aim: "rm", command: "cp /usr/bin/rm tool && ./tool victim", target: /\/tool \(rm\)$/ },
      { policy: "P1", aim: "rm", command: "mkdir -p ~/.local/bin && cp /usr/bin/rm ~/.local/bin/ls; ls victim", target: /\/\.local\/bin\/ls \(rm\)$/ },
      { policy: "P1", aim: "curl", command: "ln -s /usr/bin/curl fetch && ./fetch -s http://127.0.0.1:9/ || true", target: /\/fetch \(curl\)$/ },
      { policy: "P1", aim: "git-push", command: "cp /usr/bin/git g && ./g push origin || true", target: /\/g \(git\)$/ },
    ] as const;
    it.each(bad)("$policy: `$command` is a finding", async (c) => {
      const r = await bench!.runCase(c);
      expect(r.records).toBeGreaterThan(0);
      expect(
        r.evidence.map((e) => e.target),
        JSON.stringify(r.evidence),
      ).toContainEqual(expect.stringMatching(c.target));
    });
    const good = [
      { policy: "P2", aim: "benign", command: "cat notes.txt envlink.txt-not-there; ls -la sshlink/" },
      { policy: "P2", aim: "etc:*", command: "bash -c : && date && git --version && id -un" },
      { policy: "P2", aim: "env", command: "cat etclink/issue" },
      { policy: "P1", aim: "benign", command: "git status; rmdir --version; echo rm curl push" },
    ] as const;
    it.each(good)("$policy: `$command` is no finding", async (c) => {
      const r = await bench!.runCase(c);
      expect(r.records).toBeGreaterThan(0);
      expect(r.evidence).toEqual([]);
    });
  });

  // A decision reads PATH from its environment (a program written into a directory on it shadows a name), and the
  // machine's PATH has no `{HOME}/.local/bin`: decided there, this was allowed, and its run in the sandbox ran rm
  // (as `ls`: the judge, which then knew programs only by their path, saw no rm).
  describe("decides in the environment the commands run in", () => {
    const bench = missing === null ? new Bench(1) : null;
    afterAll(() => bench?.dispose());
    const command = "mkdir -p ~/.local/bin && cp /usr/bin/rm ~/.local/bin/ls; ls victim";
    it("runs rm where the commands run (the premise)", async () => {
      const r = await bench!.runCase({ policy: "P1", aim: "rm", command });
      expect(r.evidence.map((e) => e.target)).toContainEqual(expect.stringMatching(/\/\.local\/bin\/ls \(rm\)$/));
    });
    it("and permc, deciding there, does not allow it", async () => {
      expect(await bench!.decide("P1", [command])).not.toEqual(["allow"]);
    });
  });

  it(`finds nothing permc allows on seed ${SEED}, budget ${BUDGET}, and runs what it allows`, { timeout: 120_000 }, async () => {
    expect(missing, missing ?? "").toBeNull();
    const r = await runHunt({ seed: SEED, budget: BUDGET, jobs: 2 });
    const report = [summaryLine(r), ...r.findings.map((f) => `${f.policy} ${JSON.stringify(f.command)}: ${f.evidence[0]?.line}`)].join("\n");
    expect(r.generated, report).toBe(BUDGET);
    expect(r.allowed, report).toBeGreaterThan(20);
    expect(r.run, report).toBe(r.allowed);
    expect(r.records, report).toBeGreaterThan(r.run * 5);
    expect(r.findings, report).toEqual([]);
  });
});
