import { describe, expect, it } from "vitest";
import { interleavedMedians, nsOf, type Task } from "../../bench/interleaved.js";

/** Tasks that log which one ran, merging consecutive calls of the same task into one entry. */
function loggingTasks(names: readonly string[]): { tasks: Task[]; runs: string[] } {
  const runs: string[] = [];
  const tasks = names.map(
    (name): Task => [
      name,
      () => {
        if (runs[runs.length - 1] !== name) runs.push(name);
      },
    ],
  );
  return { tasks, runs };
}

describe("interleaved bench rounds (no timing asserted)", () => {
  it("gives every task a median in ns per call", async () => {
    const { tasks } = loggingTasks(["a", "b", "c"]);
    const ns = await interleavedMedians(tasks, { rounds: 3, timeMs: 1, warmMs: 1, smoke: false });
    expect([...ns.keys()]).toEqual(["a", "b", "c"]);
    for (const v of ns.values()) expect(Number.isFinite(v) && v >= 0).toBe(true);
  });

  it("runs the tasks in turn, each round in the opposite order from the one before", async () => {
    const { tasks, runs } = loggingTasks(["a", "b"]);
    await interleavedMedians(tasks, { rounds: 3, timeMs: 1, warmMs: 1, smoke: false });
    // The untimed pass a b, then rounds a b | b a | a b: the task that ends a round starts the next.
    expect(runs).toEqual(["a", "b", "a", "b", "a", "b"]);
  });

  it("runs one round in a smoke run", async () => {
    const { tasks, runs } = loggingTasks(["a", "b"]);
    await interleavedMedians(tasks, { rounds: 5, timeMs: 1000, warmMs: 1000, smoke: true });
    expect(runs).toEqual(["a", "b"]);
  });

  it("names a task it has no timing for instead of printing NaN", () => {
    expect(() => nsOf(new Map([["a", 1]]), "b")).toThrow(/no timing for bench task b/);
  });
});
