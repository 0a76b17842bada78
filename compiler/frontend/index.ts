export type { SourceInput, SourceKind } from "./source.js";
export type { PatternEntry, ReadResult, ScopeDocument, SurfaceEntry, SurfaceValue, UxKnobs } from "./scope-document.js";
export { readPiConfig } from "./read-pi-config.js";
export { readAgentFrontmatter } from "./read-agent-frontmatter.js";
export { readSource } from "./read-source.js";
