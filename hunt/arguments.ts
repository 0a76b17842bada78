/**
 * The hunt's command line (`npm run hunt -- …`), read into its options or
 * into what to print and the exit status: a newcomer's `--help` or a typo
 * gets the usage, not a stack trace.
 */
import { parseArgs } from "node:util";
import { GENERATORS, type GeneratorName } from "./hunt.js";

export const HUNT_USAGE = `usage: npm run hunt -- [--generator ${GENERATORS.join("|")}] [--seed N] [--budget N] [--jobs N] [--timeout MS] [--max-seconds S] [--json]

Generates commands, runs every one permc allows under bubblewrap and strace,
and reports any that ran a denied program or opened a denied file
(docs/closed-world.md, "The hunt"). Exit 1 on a finding, 2 on a bad argument.
  --generator G     classic (default), options, runs or env
  --seed N          the run's seed (default 1): the same seed deals the same cases
  --budget N        cases to generate (default 500)
  --jobs N          runs side by side (default 2)
  --timeout MS      a run's time limit (default 3000)
  --max-seconds S   stop dealing after S seconds (default 1200)
  --json            the whole result as JSON on stdout
`;

export interface HuntArguments {
  readonly generator: GeneratorName;
  readonly seed: number;
  readonly budget: number;
  readonly jobs: number;
  readonly timeoutMs: number;
  readonly maxSeconds: number;
  readonly json: boolean;
}

/** What to do: run with these options, or print `text` (to stdout with status 0, else to stderr) and exit. */
export type HuntCommandLine = { readonly run: HuntArguments } | { readonly exit: 0 | 2; readonly text: string };

export function readHuntArguments(argv: readonly string[]): HuntCommandLine {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        generator: { type: "string", default: "classic" },
        seed: { type: "string", default: "1" },
        budget: { type: "string", default: "500" },
        jobs: { type: "string", default: "2" },
        timeout: { type: "string", default: "3000" },
        "max-seconds": { type: "string", default: "1200" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (e) {
    return { exit: 2, text: `hunt: ${e instanceof Error ? e.message : String(e)}\n${HUNT_USAGE}` };
  }
  if (values.help === true) return { exit: 0, text: HUNT_USAGE };
  const generator = GENERATORS.find((g) => g === values.generator);
  if (generator === undefined) return { exit: 2, text: `hunt: --generator is ${GENERATORS.join(", ")}, not ${String(values.generator)}\n` };
  const numbers: Record<string, number> = {};
  for (const name of ["seed", "budget", "jobs", "timeout", "max-seconds"]) {
    const v = String(values[name]);
    const n = Number(v);
    if (v.trim() === "" || !Number.isInteger(n) || n < 0) return { exit: 2, text: `hunt: --${name} wants a whole number, not ${v}\n` };
    numbers[name] = n;
  }
  return {
    run: {
      generator,
      seed: numbers.seed as number,
      budget: numbers.budget as number,
      jobs: numbers.jobs as number,
      timeoutMs: numbers.timeout as number,
      maxSeconds: numbers["max-seconds"] as number,
      json: values.json === true,
    },
  };
}
