/**
 * The contract between the compiler's emitter and the runtime's loader.
 * Bump FORMAT_VERSION on any change to the payload's shape or meaning.
 */
export const FORMAT_VERSION = 1;

export type ActionName = "allow" | "ask" | "deny";

export interface RulePayload {
  readonly surface: string;
  readonly pattern: string;
  readonly action: ActionName;
  readonly reason?: string;
  readonly origin: string;
  readonly layer: "default" | "baseline" | "config";
  /** `file:line:col` where the rule was written, for explanations. */
  readonly source?: string;
}

export interface KnobsPayload {
  readonly yoloMode: boolean;
  readonly piInfrastructureReadPaths: readonly string[];
  readonly shellTools: Readonly<Record<string, { readonly commandArgument: string; readonly workdirArgument?: string }>>;
}

/** JSON carried by the generated module as one string literal, hashed byte for byte. */
export interface PolicyPayload {
  readonly format: number;
  readonly rules: readonly RulePayload[];
  readonly knobs: KnobsPayload;
  readonly surfaceAutomaton: readonly unknown[];
  readonly setAutomaton: readonly number[];
  readonly direct: ReadonlyArray<readonly [string, number]>;
  readonly valueAutomata: ReadonlyArray<readonly unknown[]>;
}

/** The exports of a generated module. */
export interface GeneratedModule {
  readonly FORMAT_VERSION: number;
  readonly COMPILER_VERSION: string;
  readonly COMPILED_FOR: { readonly home: string; readonly platform: "posix" | "win32" };
  readonly INPUT_HASH: string;
  readonly TABLES_HASH: string;
  readonly POLICY: string;
}
