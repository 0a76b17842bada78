/** True when a wildcard contains no `*` or `?`, i.e. it names exactly one string. */
export function isLiteralWildcard(pattern: string): boolean {
  return !pattern.includes("*") && !pattern.includes("?");
}
