import { readFileSync } from "node:fs";

/**
 * The runtime's own package version. Read from package.json (one level up from
 * runtime/ in the sources, two from dist/runtime/) so it cannot drift from the
 * compiler's, which reads the same file.
 */
export const RUNTIME_VERSION: string = (() => {
  for (const rel of ["../../package.json", "../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), "utf8")) as { name?: unknown; version?: unknown };
      if (pkg.name === "permc" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // try the next layout
    }
  }
  return "0.0.0-unknown";
})();

/**
 * Whether a module compiled by `compilerVersion` may be run by this runtime:
 * the same major version, and for 0.x the same minor too (semver: before 1.0
 * a minor release may break compatibility). Anything unparseable is refused.
 */
export function compatibleCompilerVersion(compilerVersion: string, runtimeVersion: string = RUNTIME_VERSION): boolean {
  const a = parseVersion(compilerVersion);
  const b = parseVersion(runtimeVersion);
  if (a === null || b === null) return false;
  return a.major === b.major && (a.major !== 0 || a.minor === b.minor);
}

function parseVersion(v: string): { major: number; minor: number } | null {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:[-+][0-9A-Za-z.+-]*)?$/.exec(v);
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : null;
}
