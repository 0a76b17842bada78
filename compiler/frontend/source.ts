import type { Scope } from "../ir.js";

/** `pi-json`: a pi-permission-system config file (JSON with comments); `agent-md`: an agent file with YAML frontmatter; `perm-dsl`: the rule language (docs/dsl.md). */
export type SourceKind = "pi-json" | "agent-md" | "perm-dsl";

/** One policy file as the front end receives it: already read, with the scope it stands for. */
export interface SourceInput {
  readonly file: string;
  readonly text: string;
  readonly scope: Scope;
  readonly kind: SourceKind;
  /** Texts of the files a `.perm` source includes, by resolved path; read by the caller so the front end stays pure. */
  readonly includes?: ReadonlyMap<string, string>;
}

/** Global and project files are checked strictly by the reference; agent scopes are read tolerantly. */
export function isStrictScope(scope: Scope): boolean {
  return scope === "global" || scope === "project";
}
