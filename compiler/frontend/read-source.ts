import { readAgentFrontmatter } from "./frontmatter/read-agent-frontmatter.js";
import { readPiConfig } from "./json/read-pi-config.js";
import { readPermDsl } from "./perm/read-perm-dsl.js";
import type { ReadResult } from "./scope-document.js";
import type { SourceInput } from "./source.js";

/** Reads one policy source according to its kind. */
export function readSource(input: SourceInput): ReadResult {
  switch (input.kind) {
    case "pi-json":
      return readPiConfig(input);
    case "agent-md":
      return readAgentFrontmatter(input);
    case "perm-dsl":
      return readPermDsl(input);
  }
}
