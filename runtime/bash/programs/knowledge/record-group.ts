/**
 * A knowledge file's records, built the first time a program of theirs is
 * looked up. A Claude Code hook is one process per tool call: building every
 * record at load took about 5 ms that a call naming two programs never
 * used. `record-names.ts` says which group
 * holds which name, so a lookup builds only its own group.
 */
import type { ProgramRecord } from "../program-record.js";

/** A function returning the same value every call, computed on the first. */
export function builtOnce<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/** A file's records, built on first use. */
export type RecordGroup = () => readonly ProgramRecord[];

export const recordGroup = (build: () => readonly ProgramRecord[]): RecordGroup => builtOnce(build);
