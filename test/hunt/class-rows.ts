/**
 * What the tests of closed classes share (round3-classes, option-fuzz-classes,
 * run-fuzz-classes): each command run for real in the hunt's sandbox
 * (bubblewrap, strace, the red-team fixture), the judge's evidence as the
 * oracle, and permc deciding the same command in the same fixture under the
 * hunt's policy for its aim (P1 for a program run, P2 for a file reached).
 */
import { realpathSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { POLICIES } from "../../hunt/decide.js";
import type { PolicyName } from "../../hunt/generate.js";
import { Bench } from "../../hunt/hunt.js";
import { missingTools } from "../../hunt/sandbox.js";
import { createGate, type Gate } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

/** What a row aims at: a file P2 denies (`env`, `ssh`) or rm, which P1 denies. */
export type RowAim = "env" | "ssh" | "rm";

/** A command of a class: it reaches a denied file or runs rm, and permc answers `want`. */
export interface ClassRow {
  readonly command: string;
  /** Run before `command` for the oracle only (it makes the input the command needs). */
  readonly setup?: string;
  readonly aim: RowAim;
  readonly want: "deny" | "ask";
}

/** A use of the same option that stays allowed: the real program reaches nothing denied. */
export interface EverydayRow {
  readonly command: string;
  /** Run before `command` for the oracle only, as a class row's. */
  readonly setup?: string;
  readonly aim: RowAim;
}

const policyFor = (aim: RowAim): PolicyName => (aim === "rm" ? "P1" : "P2");

/** Call inside a describe: the sandbox and the gate, made in its beforeAll and disposed of in its afterAll. */
export function realProgramBench(): {
  classRows(rows: readonly ClassRow[]): void;
  everydayRows(rows: readonly EverydayRow[]): void;
} {
  const missing = missingTools();
  const bench = missing === null ? new Bench(1) : null;
  const gates = new Map<PolicyName, Gate>();
  beforeAll(async () => {
    if (bench === null) return;
    for (const name of ["P1", "P2"] as const) {
      const { policy } = await compileAndLoad([piJson(POLICIES[name])], { home: bench.paths.home });
      gates.set(name, createGate(policy!, { cwd: realpathSync(bench.paths.proj), home: bench.paths.home }));
    }
  });
  afterAll(() => bench?.dispose());

  it("has its tools (bubblewrap, strace)", () => {
    expect(missing, missing ?? "").toBeNull();
  });

  const decide = async (aim: RowAim, command: string): Promise<string> =>
    (await gates.get(policyFor(aim))!.decide({ tool: "bash", input: { command } })).action;
  return {
    classRows(rows) {
      it.each(rows)("`$command` reaches a denied file or program, and permc answers $want", async (row) => {
        const command = bench!.paths.sub(row.command);
        const policy = policyFor(row.aim);
        const ran = await bench!.runCase({ policy, aim: row.aim, command: row.setup === undefined ? command : `${row.setup}; ${command}` }, 10_000);
        expect(ran.records).toBeGreaterThan(0);
        expect(ran.evidence.length, `the real program reached nothing denied: ${JSON.stringify(ran)}`).toBeGreaterThan(0);
        expect(await decide(row.aim, command)).toBe(row.want);
      });
    },
    everydayRows(rows) {
      it.each(rows)("`$command` reaches nothing denied, and permc allows it", async (row) => {
        const command = bench!.paths.sub(row.command);
        const ran = await bench!.runCase(
          { policy: policyFor(row.aim), aim: row.aim, command: row.setup === undefined ? command : `${row.setup}; ${command}` },
          10_000,
        );
        expect(ran.records).toBeGreaterThan(0);
        expect(ran.evidence).toEqual([]);
        expect(await decide(row.aim, command)).toBe("allow");
      });
    },
  };
}
