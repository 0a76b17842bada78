import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";

export interface ReviewLog {
  write(event: string, details: Record<string, unknown>): void;
}

/**
 * The JSONL review log: one line per block, prompt, answer, session hit and
 * gate error (`{timestamp, extension:"permc", stream:"review", event, …}`).
 * Written synchronously so lines keep the order of decisions. A log that
 * cannot be written is skipped silently: logging never changes a decision.
 */
export function createReviewLog(file: string | null): ReviewLog {
  let dirReady = false;
  return {
    write(event, details) {
      if (file === null) return;
      try {
        if (!dirReady) {
          mkdirSync(path.dirname(file), { recursive: true });
          dirReady = true;
        }
        const line = JSON.stringify({ timestamp: new Date().toISOString(), extension: "permc", stream: "review", event, ...details });
        appendFileSync(file, line + "\n");
      } catch {
        // An unwritable log must not block or allow anything.
      }
    },
  };
}
