/**
 * A policy from data already in memory: the payload a generated module
 * carries in POLICY (parsed) and the target it was compiled for. The
 * playground compiles in the browser and loads its tables through here, with
 * the same checks loadPolicy makes after reading a module's text (the target
 * against the caller's, every field and bound of the tables); only the
 * text's own checks (layout, versions, hash) have nothing to check.
 * Imports no file system: it runs in a browser.
 */
import path from "node:path";
import type { CompiledFor } from "./format.js";
import { denyingPolicy, workingPolicy, type Policy, type PolicyInfo } from "./policy.js";
import { validatePayload } from "./validate-payload.js";
import { compatibleCompilerVersion, RUNTIME_VERSION } from "./version.js";

export interface LoadOptions {
  /** When set, a module compiled for another home is refused (its `~` rules would point elsewhere). */
  readonly home?: string;
  /** When set, a module compiled for another platform is refused. */
  readonly platform?: "posix" | "win32" | "darwin";
}

/** Why a policy compiled for `target` must not run for this caller, or null. */
export function targetProblem(target: CompiledFor, options: LoadOptions): string | null {
  // An empty home is no home: it would make `~/x` rules match `/x`.
  const callerHome = typeof options.home === "string" && options.home.trim() !== "" ? options.home : undefined;
  if (callerHome !== undefined && target.home.trim() === "") {
    return "compiled without a home, so its `~` rules name no directory; recompile with --home";
  }
  if (callerHome !== undefined && callerHome !== target.home) {
    return `compiled for home ${target.home}, but this home is ${callerHome}; recompile with --home`;
  }
  if (callerHome === undefined && !isAbsoluteHome(target.home, target.platform)) {
    return "no home directory is known: the module records none and the caller gave none; recompile with --home";
  }
  if (options.platform !== undefined && options.platform !== target.platform) {
    return `compiled for ${target.platform}, but this platform is ${options.platform}; recompile with --platform`;
  }
  return null;
}

function isAbsoluteHome(home: string, platform: "posix" | "win32" | "darwin"): boolean {
  return home.trim() !== "" && (platform === "win32" ? path.win32 : path.posix).isAbsolute(home);
}

/** Validated tables as a working policy, or a denying one naming `label`. */
export function decodePolicy(parsed: unknown, info: PolicyInfo, label: string): Policy {
  const tables = validatePayload(parsed);
  if ("error" in tables) return denyingPolicy(`${label}: ${tables.error}`);
  return workingPolicy(tables, info);
}

export interface PayloadSource {
  /** The payload, as JSON.parse of a module's POLICY gives it (or the compiler's buildPayload). */
  readonly payload: unknown;
  readonly compiledFor: CompiledFor;
  readonly compilerVersion: string;
  /** Names the policy in errors. */
  readonly label: string;
}

/** Never throws: whatever is wrong, the result denies everything and says why. */
export function policyFromPayload(source: PayloadSource, options: LoadOptions = {}): Policy {
  try {
    const { compiledFor, label } = source;
    if (typeof compiledFor?.home !== "string" || (compiledFor.platform !== "posix" && compiledFor.platform !== "win32" && compiledFor.platform !== "darwin")) {
      return denyingPolicy(`${label}: the target it was compiled for is malformed`);
    }
    if (!compatibleCompilerVersion(source.compilerVersion)) {
      return denyingPolicy(`${label}: compiled by permc ${source.compilerVersion}, which this runtime (permc ${RUNTIME_VERSION}) cannot run`);
    }
    const problem = targetProblem(compiledFor, options);
    if (problem) return denyingPolicy(`${label}: ${problem}`);
    // In memory there is no module text to hash; the info says so rather than inventing hashes.
    const info: PolicyInfo = {
      compilerVersion: source.compilerVersion,
      home: compiledFor.home,
      platform: compiledFor.platform,
      inputHash: "in-memory",
      tablesHash: "in-memory",
    };
    return decodePolicy(source.payload, info, label);
  } catch (e) {
    return denyingPolicy(`cannot load policy ${source?.label ?? ""}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
