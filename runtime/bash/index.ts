/** Bash command analysis: parse, split into units, decide. */
export { getBashParser, loadedBashParser, resetBashParserForTests } from "./syntax/parser.js";
export type { BashParser } from "./syntax/parser.js";
export { splitBash, isCommentOnly, DEFAULT_MAX_LENGTH } from "./split.js";
export type { BashSplit, BashUnit, Derivation, SplitOptions } from "./split.js";
export { decideBash, matchValue, UNPARSEABLE_PATTERN, OPAQUE_PATTERN, INDIRECTION_PATTERN } from "./decide.js";
export type { Action, BashDecision, BashUnitDecision, FloorKind, UnitCheck } from "./decide.js";
export type { PathCandidate } from "./paths/types.js";
