/**
 * The contract between the compiler's emitter and the runtime's loader.
 * Bump FORMAT_VERSION on any change to the payload's shape or meaning.
 */
export const FORMAT_VERSION = 4;

import type { Action } from "./action.js";

export interface RulePayload {
  readonly surface: string;
  readonly pattern: string;
  readonly action: Action;
  readonly reason?: string;
  readonly origin: string;
  readonly layer: "default" | "baseline" | "config";
  /** `file:line:col` where the rule was written, for explanations. */
  readonly source?: string;
}

export interface KnobsPayload {
  readonly yoloMode: boolean;
  readonly piInfrastructureReadPaths: readonly string[];
  /** Read it only through ownEntry(): at run time it is a null-prototype object. */
  readonly shellTools: Readonly<Record<string, ShellToolPayload>>;
}

export interface ShellToolPayload {
  readonly commandArgument: string;
  readonly workdirArgument?: string;
}

/**
 * `record[key]` when `key` is the record's own property, else undefined.
 * Tool names and input fields come from the model: `toString`,
 * `constructor` or `__proto__` must never reach Object.prototype.
 */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** JSON carried by the generated module as one string literal, hashed byte for byte. */
export interface PolicyPayload {
  readonly format: number;
  readonly rules: readonly RulePayload[];
  readonly knobs: KnobsPayload;
  readonly surfaceAutomaton: readonly unknown[];
  readonly setAutomaton: readonly number[];
  readonly direct: ReadonlyArray<readonly [string, number]>;
  /** Serialized value matchers (runtime/matcher.ts). */
  readonly valueMatchers: readonly unknown[];
}

export type TargetPlatform = "posix" | "win32" | "darwin";

/** What `~`/`$HOME` in the patterns were expanded to, and which path flavour folds. */
export interface CompiledFor {
  readonly home: string;
  readonly platform: TargetPlatform;
}

/**
 * The exports of a generated module. The runtime never imports the module:
 * it reads these values from the text (read-module.ts), in exactly the
 * layout the emitter writes (MODULE_DOCS and the lines around them).
 */
export interface GeneratedModule {
  readonly FORMAT_VERSION: number;
  readonly COMPILER_VERSION: string;
  readonly COMPILED_FOR: CompiledFor;
  readonly INPUT_HASH: string;
  /** tablesHash(COMPILER_VERSION, COMPILED_FOR, POLICY). */
  readonly TABLES_HASH: string;
  readonly POLICY: string;
}

/** The one-line doc comments above some exports; the reader requires them verbatim. */
export const MODULE_DOCS = Object.freeze({
  FORMAT_VERSION: "Layout version of POLICY; the runtime refuses any other.",
  COMPILED_FOR: "`~`/`$HOME` in patterns were expanded to this home; path folding follows this platform.",
  TABLES_HASH: "sha256 over COMPILER_VERSION, COMPILED_FOR and POLICY; the runtime checks it before use.",
  POLICY: "Rules, knobs and DFA tables (base64 typed arrays) as JSON. permc reads this file as data; it never runs it.",
});
