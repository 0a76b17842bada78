/**
 * The path analysis of bash commands (paths/) as the rest of the runtime
 * sees it: the file-tool gates share `canonicalPath`.
 */
export { canonicalPath } from "./paths/canonical.js";
export { tokenShape, type TokenShape } from "./paths/token-shape.js";
export type { PathBase, PathCandidate, PathRole, RawPathToken } from "./paths/types.js";
