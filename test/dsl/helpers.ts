import { renderAll, type Diagnostic } from "../../compiler/diagnostics/index.js";
import type { SourceInput } from "../../compiler/frontend/source.js";
import type { Scope } from "../../compiler/ir.js";
import { compile, type CompileResult } from "../../compiler/pipeline.js";

export const TARGET = { home: "/home/t", platform: "posix" as const };

export function perm(text: string, scope: Scope = "global", includes?: Record<string, string>, file = "p.perm"): SourceInput {
  return { file, text, scope, kind: "perm-dsl", ...(includes ? { includes: new Map(Object.entries(includes)) } : {}) };
}

export function compileAll(inputs: readonly SourceInput[], until?: "compose" | "automata"): CompileResult {
  return compile({ inputs, target: TARGET, command: "test", ...(until ? { until } : {}) });
}

/** `slug@line:col` of each diagnostic, for compact tables. */
export function where(result: CompileResult): string[] {
  return result.diagnostics.map((d: Diagnostic) => {
    const text = d.span ? result.sources.get(d.span.file) : undefined;
    if (!d.span || text === undefined) return d.slug;
    const before = text.slice(0, d.span.start);
    const line = before.split("\n").length;
    const col = d.span.start - before.lastIndexOf("\n");
    return `${d.slug}@${line}:${col}`;
  });
}

export function rendered(result: CompileResult): string {
  return renderAll(result.diagnostics, result.sources);
}
