/**
 * Project modules a person trusted with `permc trust`, for a Pi that cannot
 * say whether it trusts the project (0.73.1, the Pi on npm, has no
 * `isProjectTrusted`). Like `direnv allow` and `mise trust`, the trust is
 * the person's, kept outside the project (`<agent dir>/permc/trusted.json`),
 * and bound to the module's bytes: a module changed since (a pull, a commit
 * of someone else's) is not trusted until it is trusted again.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

export const TRUST_FILE = path.join("permc", "trusted.json");

export interface TrustFile {
  readonly version: 1;
  /** Absolute module path → `sha256:<hex>` of its bytes when it was trusted. */
  readonly modules: Readonly<Record<string, string>>;
}

/** The sha256 of a file's bytes, as the trust file keeps it; null when it cannot be read. */
export function moduleDigest(file: string): string | null {
  try {
    return `sha256:${createHash("sha256").update(readFileSync(file)).digest("hex")}`;
  } catch {
    return null;
  }
}

/** The trust file's content, or an empty one when it is missing or not of this shape (never trust by accident). */
export function readTrustFile(agentDir: string): TrustFile {
  try {
    const parsed = JSON.parse(readFileSync(path.join(agentDir, TRUST_FILE), "utf8")) as unknown;
    if (typeof parsed === "object" && parsed !== null && (parsed as { version?: unknown }).version === 1) {
      const modules = (parsed as { modules?: unknown }).modules;
      if (typeof modules === "object" && modules !== null && !Array.isArray(modules)) {
        const kept: Record<string, string> = {};
        for (const [k, v] of Object.entries(modules)) if (typeof v === "string" && path.isAbsolute(k)) kept[k] = v;
        return { version: 1, modules: kept };
      }
    }
  } catch {
    // Missing or unreadable: nothing is trusted.
  }
  return { version: 1, modules: {} };
}

export type ModuleTrust = { readonly trusted: true } | { readonly trusted: false; readonly why: string };

/** Whether `modulePath`, as it is now, was trusted with `permc trust`. */
export function trustedModule(agentDir: string, modulePath: string): ModuleTrust {
  const { modules } = readTrustFile(agentDir);
  const recorded = Object.hasOwn(modules, modulePath) ? modules[modulePath] : undefined;
  if (recorded === undefined) return { trusted: false, why: "it was not trusted with `permc trust`" };
  return moduleDigest(modulePath) === recorded
    ? { trusted: true }
    : { trusted: false, why: "it changed since `permc trust` (review it, then run `permc trust` again)" };
}
