import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../../compiler/diagnostics/index.js";
import type { SourceInput } from "../../compiler/frontend/source.js";
import type { Platform } from "../../compiler/ir.js";
import type { AutomataLimits } from "../../compiler/passes/build-automata.js";
import { compile } from "../../compiler/pipeline.js";
import { loadPolicy, type Policy } from "../../runtime/index.js";
import { tempDir } from "./temp-dir.js";

const WORK = tempDir("test");
let counter = 0;

export interface Compiled {
  readonly policy: Policy | null;
  readonly diagnostics: readonly Diagnostic[];
  readonly moduleText: string | null;
  readonly modulePath: string | null;
}

/** Compile through the public pipeline, write the module, load it through the public runtime. */
export async function compileAndLoad(
  inputs: readonly SourceInput[],
  target: { home?: string; platform?: Platform } = {},
  limits?: AutomataLimits,
): Promise<Compiled> {
  const home = target.home ?? "/home/tester";
  const result = compile({ inputs, target: { home, platform: target.platform ?? "posix" }, command: "permc compile (test)", ...(limits ? { limits } : {}) });
  if (result.moduleText === null) return { policy: null, diagnostics: result.diagnostics, moduleText: null, modulePath: null };
  const modulePath = path.join(WORK, `policy-${process.pid}-${counter++}.mjs`);
  writeFileSync(modulePath, result.moduleText);
  const policy = await loadPolicy(modulePath, { home });
  return { policy, diagnostics: result.diagnostics, moduleText: result.moduleText, modulePath };
}

export function piJson(permission: unknown, scope: SourceInput["scope"] = "global", extra: Record<string, unknown> = {}): SourceInput {
  return { file: `${scope}.json`, text: JSON.stringify({ ...extra, permission }), scope, kind: "pi-json" };
}

export function workDir(): string {
  return WORK;
}
