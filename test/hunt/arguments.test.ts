/** The hunt's command line: options read, and a usage line (not a stack trace) for help, typos and bad numbers. */
import { describe, expect, it } from "vitest";
import { HUNT_USAGE, readHuntArguments } from "../../hunt/arguments.js";

describe("readHuntArguments", () => {
  it("reads the defaults, and every option given", () => {
    expect(readHuntArguments([])).toEqual({
      run: { generator: "classic", seed: 1, budget: 500, jobs: 2, timeoutMs: 3000, maxSeconds: 1200, json: false },
    });
    expect(
      readHuntArguments(["--generator", "runs", "--seed", "42", "--budget", "7", "--jobs", "1", "--timeout", "500", "--max-seconds", "60", "--json"]),
    ).toEqual({
      run: { generator: "runs", seed: 42, budget: 7, jobs: 1, timeoutMs: 500, maxSeconds: 60, json: true },
    });
  });

  it.each([["--help"], ["-h"]])("%s prints the usage on stdout and exits 0", (flag) => {
    expect(readHuntArguments([flag])).toEqual({ exit: 0, text: HUNT_USAGE });
  });

  it.each([
    [["--verbose"], /Unknown option '--verbose'[\s\S]*usage: npm run hunt/],
    [["--generator", "fuzz"], /--generator is classic, options, runs, env, not fuzz/],
    [["--seed", "x"], /--seed wants a whole number, not x/],
    [["--budget=-3"], /--budget wants a whole number, not -3/],
    [["--jobs", "1.5"], /--jobs wants a whole number, not 1.5/],
    [["--timeout", ""], /--timeout wants a whole number, not $/m],
  ])("%j exits 2 with a message", (argv, message) => {
    const line = readHuntArguments(argv);
    expect(line).toMatchObject({ exit: 2 });
    expect("text" in line ? line.text : "").toMatch(message);
  });
});
