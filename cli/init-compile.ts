import { renderAll } from "../compiler/diagnostics/index.js";
import { hostPlatform } from "../runtime/host-platform.js";
import type { SourceInput } from "../compiler/frontend/source.js";
import { compile, sourceTexts } from "../compiler/pipeline.js";

/** Compiles init's .perm text (after `before`, lower-precedence sources): the module text, or the rendered diagnostics. */
export function diagnosticsOf(
  file: string,
  text: string,
  home: string,
  scope: SourceInput["scope"],
  before: readonly SourceInput[] = [],
): { moduleText: string | null; report: string } {
  const request = {
    inputs: [...before, { file, text, scope, kind: "perm-dsl" as const }],
    target: { home, platform: hostPlatform() },
    command: "permc init",
  };
  const result = compile(request);
  return { moduleText: result.moduleText, report: renderAll(result.diagnostics, sourceTexts(request), { color: false }) };
}
