/**
 * The request lines of `permc eval`'s input. A line ends only at `\n` (a `\r`
 * before it is dropped): JSON allows a raw CR as whitespace inside a request,
 * and a reader that also split there (readline does) gave one request two
 * answers, so a client pairing answers by position read an allow for the
 * wrong request. Lines wait in a bounded queue and the input is paused while
 * it is full: fed faster than it decides, eval's memory stays bounded.
 */
import { StringDecoder } from "node:string_decoder";

/** How many lines may wait for a decision before the input is paused. */
export const MAX_QUEUED_LINES = 256;

/** Longer lines are not kept: a line without end must not fill memory. It still gets its answer (a deny). */
export const MAX_LINE_CHARS = 8 * 1024 * 1024;

/** Stands for a line that was longer than MAX_LINE_CHARS. */
export const TOO_LONG = Symbol("line too long");

/** Filled as the lines are read: what a test checks the bound with. */
export interface QueueStats {
  /** The most lines ever waiting at once. */
  maxQueued: number;
  /** How often the input was paused because the queue was full. */
  pauses: number;
}

type Input = NodeJS.ReadableStream;

/** The lines of `input`, in order, each without its `\n` (and a `\r` before it); a last line without `\n` counts. */
export async function* requestLines(
  input: Input,
  bound = MAX_QUEUED_LINES,
  stats: QueueStats = { maxQueued: 0, pauses: 0 },
): AsyncGenerator<string | typeof TOO_LONG> {
  const decoder = new StringDecoder("utf8");
  const queue: Array<string | typeof TOO_LONG> = [];
  let pending = ""; // decoded text not yet split into lines
  let overlong = false; // the current line passed MAX_LINE_CHARS: its text is dropped up to its `\n`
  let paused = false;
  let ended = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const take = (line: string) => (line.endsWith("\r") ? line.slice(0, -1) : line);
  // Moves complete lines from the text into the queue while it has room; true when complete lines are left over.
  const split = (): boolean => {
    while (queue.length < bound) {
      const nl = pending.indexOf("\n");
      if (nl < 0) break;
      queue.push(overlong || nl > MAX_LINE_CHARS ? TOO_LONG : take(pending.slice(0, nl)));
      overlong = false;
      pending = pending.slice(nl + 1);
    }
    stats.maxQueued = Math.max(stats.maxQueued, queue.length);
    const waiting = queue.length >= bound && pending.includes("\n");
    if (!waiting) dropOverlong();
    return waiting;
  };
  // Only the unfinished last line is in the text here.
  const dropOverlong = () => {
    if (pending.length <= MAX_LINE_CHARS) return;
    overlong = true;
    pending = "";
  };
  const onData = (chunk: string | Buffer) => {
    const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
    pending += text;
    // A piece of a long line adds no line: only its length is checked, not the whole text again.
    let waiting = paused;
    if (text.includes("\n")) waiting = split();
    else if (!paused) dropOverlong();
    // The queue is full and more lines are already here: stop reading until decisions make room.
    if (waiting && !paused) {
      paused = true;
      stats.pauses++;
      input.pause();
    }
    notify();
  };
  const onEnd = () => {
    pending += decoder.end();
    ended = true;
    notify();
  };
  const onError = (error: unknown) => {
    failure = { error };
    notify();
  };
  input.on("data", onData);
  input.once("end", onEnd);
  input.once("error", onError);
  try {
    for (;;) {
      if (queue.length > 0) {
        const line = queue.shift()!;
        if (paused && !split()) {
          paused = false;
          input.resume();
        }
        yield line;
        continue;
      }
      if (failure !== null) throw (failure as { error: unknown }).error;
      if (ended) {
        split();
        if (queue.length > 0) continue;
        if (overlong) yield TOO_LONG;
        else if (pending !== "") yield take(pending);
        return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    input.off("data", onData);
    input.off("end", onEnd);
    input.off("error", onError);
  }
}
