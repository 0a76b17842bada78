import path from "node:path";
import { hasErrors, type Diagnostic } from "../../compiler/diagnostics/index.js";
import { readSource } from "../../compiler/frontend/read-source.js";
import type { ScopeDocument } from "../../compiler/frontend/scope-document.js";
import type { SourceInput } from "../../compiler/frontend/source.js";
import type { PolicyIR, Scope } from "../../compiler/ir.js";
import { SCOPES } from "../../compiler/ir.js";
import { composeRules } from "../../compiler/passes/compose-rules.js";
import { mergeScopes } from "../../compiler/passes/merge-scopes.js";
import { CORPUS_DIR, readVectors } from "../support/fixtures.js";

export const PI_CORPUS_DIR = path.join(CORPUS_DIR, "pi");

export function loadJsonl<T = Record<string, unknown>>(name: string): T[] {
  return readVectors<T>(name);
}

export interface Built {
  readonly docs: ScopeDocument[];
  readonly diagnostics: Diagnostic[];
  readonly policy: PolicyIR;
  readonly errors: boolean;
}

/** Front end plus composition, the way the pipeline runs them: rejected files contribute nothing. */
export function build(inputs: readonly SourceInput[]): Built {
  const results = inputs.map(readSource);
  const docs = results.flatMap((r) => (r.doc ? [r.doc] : []));
  const diagnostics = results.flatMap((r) => r.diagnostics);
  const { policy, diagnostics: composeDiags } = composeRules(mergeScopes(docs));
  return { docs, diagnostics: [...diagnostics, ...composeDiags], policy, errors: hasErrors(diagnostics) };
}

export function json(scope: Scope, text: string, file = `${scope}.json`): SourceInput {
  return { file, text, scope, kind: "pi-json" };
}

export function md(scope: Scope, text: string, file = `${scope}.md`): SourceInput {
  return { file, text, scope, kind: "agent-md" };
}

/** A flat `permission` object as the given scope's file. */
export function permissionFile(scope: Scope, permission: unknown): SourceInput {
  return json(scope, JSON.stringify({ permission }));
}

interface VectorInput {
  config?: unknown;
  scopes?: Partial<Record<Scope, unknown>>;
  rawConfig?: string;
  files?: { global?: string; project?: string; agent?: string; projectAgent?: string };
  sessionRules?: unknown;
}

/** The sources a vector describes, lowest precedence first; null when permc cannot express its input. */
export function vectorSources(v: VectorInput): SourceInput[] | null {
  if (v.sessionRules !== undefined) return null;
  if (v.config !== undefined) return [permissionFile("global", v.config)];
  if (v.scopes) return SCOPES.flatMap((s) => (v.scopes![s] !== undefined ? [permissionFile(s, v.scopes![s])] : []));
  if (v.rawConfig !== undefined) return [json("global", v.rawConfig)];
  if (v.files) {
    const f = v.files;
    return [
      ...(f.global !== undefined ? [json("global", f.global)] : []),
      ...(f.project !== undefined ? [json("project", f.project)] : []),
      ...(f.agent !== undefined ? [md("agent", f.agent)] : []),
      ...(f.projectAgent !== undefined ? [md("project-agent", f.projectAgent)] : []),
    ];
  }
  return [];
}
