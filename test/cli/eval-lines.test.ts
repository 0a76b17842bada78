/**
 * `permc eval` answers in step with its requests: one answer per input line
 * (a line ends at `\n` only), and the input is read no faster than it is
 * decided (a bounded queue; the stream is paused while it is full).
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { MAX_QUEUED_LINES, requestLines, type QueueStats } from "../../cli/request-lines.js";
import { permc } from "../support/cli.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const policy = (await compileAndLoad([piJson({ "*": "ask", bash: { "*": "ask", "git *": "allow", "rm *": "deny" } })], { home: "/h" })).modulePath!;
const ask = (v: string) => JSON.stringify({ surface: "bash", value: v });

async function answers(input: string): Promise<Array<Record<string, unknown>>> {
  const r = await permc(["eval", "--policy", policy, "--home", "/h"], { input });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .split("\n")
    .slice(0, -1)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("permc eval: one answer per line", () => {
  it("a raw CR inside a request (JSON whitespace) does not split it", async () => {
    const withCr = `{"surface":"bash",\r"value":"rm -rf x"}`;
    const got = await answers(`${withCr}\n${ask("git status")}\n`);
    expect(got.map((a) => a.action)).toEqual(["deny", "allow"]);
  });

  it("CRLF line ends are read as line ends", async () => {
    const got = await answers(`${ask("rm x")}\r\n${ask("git log")}\r\n`);
    expect(got.map((a) => a.action)).toEqual(["deny", "allow"]);
  });

  it("a blank line, a line of Unicode blanks and a broken line each get a deny with an error, in their place", async () => {
    const got = await answers(["", "  \t", "\u00a0\u2003\ufeff", "{nope", ask("git status")].join("\n") + "\n");
    expect(got).toHaveLength(5);
    expect(got.slice(0, 4).map((a) => a.action)).toEqual(["deny", "deny", "deny", "deny"]);
    for (const a of got.slice(0, 4)) expect(a.error).toEqual(expect.any(String));
    expect(got[4]!.action).toBe("allow");
  });

  it("a last line without a line end is answered too", async () => {
    expect((await answers(`${ask("rm x")}\n${ask("git x")}`)).map((a) => a.action)).toEqual(["deny", "allow"]);
  });
});

/** A stream that makes `total` copies of `line`, `perRead` at a time, as fast as it is read. */
function fastRequests(line: string, total: number, perRead: number, onRead: (produced: number) => void): Readable {
  let produced = 0;
  return new Readable({
    read() {
      if (produced >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(perRead, total - produced);
      produced += n;
      onRead(produced);
      this.push(line.repeat(n));
    },
  });
}

describe("permc eval: back-pressure", () => {
  it("the queue of lines waiting for a decision never exceeds its bound; the input is paused meanwhile", async () => {
    const stats: QueueStats = { maxQueued: 0, pauses: 0 };
    const input = fastRequests(ask("git status") + "\n", 5_000, 500, () => {});
    let n = 0;
    for await (const line of requestLines(input, 64, stats)) {
      expect(line).toBe(ask("git status"));
      n++;
      // A decision takes a while: give the stream every chance to run ahead.
      await new Promise((r) => setImmediate(r));
    }
    expect(n).toBe(5_000);
    expect(stats.maxQueued).toBeLessThanOrEqual(64);
    expect(stats.pauses).toBeGreaterThan(0);
  });

  it("eval reads ahead of its answers by a bounded number of lines, however fast the input is", async () => {
    const live = { stdout: "", stderr: "" };
    let ahead = 0;
    const answered = () => live.stdout.split("\n").length - 1;
    const line = ask(`git status ${"x".repeat(200)}`) + "\n";
    const perRead = 20;
    const stdin = fastRequests(line, 20_000, perRead, (produced) => {
      ahead = Math.max(ahead, produced - answered());
    });
    const r = await permc(["eval", "--policy", policy, "--home", "/h"], { stdinStream: stdin, live });
    expect(r.status, r.stderr).toBe(0);
    expect(answered()).toBe(20_000);
    // The queue, the chunk being split, and what the stream buffers itself (its highWaterMark): no more, of 20,000 lines offered.
    expect(ahead).toBeLessThanOrEqual(MAX_QUEUED_LINES + 2 * perRead + Math.ceil(stdin.readableHighWaterMark / line.length));
  }, 60_000);
});
