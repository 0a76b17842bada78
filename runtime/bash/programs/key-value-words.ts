/**
 * Whether a program reads `KEY=VALUE` words among its arguments, by its record: keyed operands (dd's `if=FILE`),
 * operands that are variables (make's), or assignments before what it runs (env, sudo). A word bash makes from a
 * glob may be one (split/glob-options.ts).
 */
import { findRecord } from "./knowledge/index.js";
import { isKeyed } from "./program-record.js";

export function takesKeyValueWords(name: string): boolean {
  const record = findRecord(name)?.record;
  if (record === undefined) return false;
  return record.keyedOperands !== undefined || record.options?.assignments === true || (record.operands ?? []).some((m) => isKeyed(m));
}
