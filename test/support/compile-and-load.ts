import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../../compiler/diagnostics/index.js";
import type { SourceInput } from "../../compiler/frontend/source.js";
import type { Platform } from "../../compiler/ir.js";
import type { AutomataLimits } from "../../compiler/passes/build-automata.js";
import { compile } from "../../compiler/pipeline.js";
import { loadPolicy, type Policy } from "../../runtime/index.js";
import { perFile } from "./per-file.js";
import { tempDir } from "./temp-dir.js";

/** The calling test file's work folder: made on first use, removed when the file ends. */
const work = () => perFile("compile-and-load work dir", () => ({ dir: tempDir("test"), modules: 0 }));

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
  const w = work();
  const modulePath = path.join(w.dir, `policy-${process.pid}-${w.modules++}.mjs`);
  writeFileSync(modulePath, result.moduleText);
  const policy = await loadPolicy(modulePath, { home });
  return { policy, diagnostics: result.diagnostics, moduleText: result.moduleText, modulePath };
}

export function piJson(permission: unknown, scope: SourceInput["scope"] = "global", extra: Record<string, unknown> = {}): SourceInput {
  return { file: `${scope}.json`, text: JSON.stringify({ ...extra, permission }), scope, kind: "pi-json" };
}

/** The calling test file's work folder (the one compileAndLoad writes modules to). */
export function workDir(): string {
  return work().dir;
}
