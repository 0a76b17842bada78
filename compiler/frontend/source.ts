import type { Scope } from "../ir.js";

/** `pi-json`: a pi-permission-system config file (JSON with comments); `agent-md`: an agent file with YAML frontmatter. */
export type SourceKind = "pi-json" | "agent-md";

/** One policy file as the front end receives it: already read, with the scope it stands for. */
export interface SourceInput {
  readonly file: string;
  readonly text: string;
  readonly scope: Scope;
  readonly kind: SourceKind;
}

/** Global and project files are checked strictly by the reference; agent scopes are read tolerantly. */
export function isStrictScope(scope: Scope): boolean {
  return scope === "global" || scope === "project";
}
