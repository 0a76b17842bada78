/**
 * The directional path surfaces (reference 27.1.0): each
 * family (`path`, `external_directory`) splits into a read and a write
 * member. A bare family key in a config is load-time sugar for both members,
 * so after compilation only the members carry rules. Shared by the compiler
 * (expansion, key validation) and the gate (routing).
 */
import { BUILTIN_FILE_TOOL_NAMES, builtinFileTool } from "./builtin-tools.js";

export type PathFamily = "path" | "external_directory";
export type PathDirection = "read" | "write";
/** `both`: consult both members and keep the most restrictive answer. */
export type PathRoute = PathDirection | "both";

export const PATH_FAMILIES: readonly PathFamily[] = ["path", "external_directory"];
export const PATH_DIRECTIONS: readonly PathDirection[] = ["read", "write"];

export function memberSurface(family: PathFamily, direction: PathDirection): string {
  return `${family}_${direction}`;
}

/** `path_read`, `path_write`, `external_directory_read`, `external_directory_write`. */
export const DIRECTIONAL_SURFACES: readonly string[] = PATH_FAMILIES.flatMap((f) => PATH_DIRECTIONS.map((d) => memberSurface(f, d)));

/**
 * Surfaces whose matching folds case and separators on win32 (reference:
 * pathMatchOptions; the directional members since 27.1.0). The bare families
 * carry no rules after compilation (their keys expand into the members) but
 * stay listed for a raw check of a wildcard surface key that matches them.
 */
export const WIN32_FOLDED_SURFACES: readonly string[] = [...BUILTIN_FILE_TOOL_NAMES, ...PATH_FAMILIES, ...DIRECTIONAL_SURFACES];

/**
 * A value as win32 path matching sees it (reference 23.0.1 folds separators
 * on the value as well as on the pattern; case is folded by the tables).
 */
export function win32PathValue(value: string): string {
  return value.replaceAll("/", "\\");
}

/**
 * A key that looks directional but is not one of the four members
 * (`path_wrote`, `external_directory_`): the reference rejects the file.
 * `my_tool_read` is an ordinary tool name.
 */
export function isMisspelledDirectional(key: string): boolean {
  return /^(path|external_directory)_/.test(key) && !DIRECTIONAL_SURFACES.includes(key);
}

/** Which member a tool's own path consults (as the reference routes it): a built-in file tool's row, everything else both. */
export function toolPathRoute(tool: string): PathRoute {
  return builtinFileTool(tool)?.route ?? "both";
}
