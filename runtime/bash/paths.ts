/**
 * The path analysis of bash commands (paths/) as the rest of the runtime
 * sees it.
 */
export { tokenShape, type TokenShape } from "./paths/token-shape.js";
export type { PathBase, PathCandidate, PathRole, RawPathToken } from "./paths/types.js";
