import { statSync } from "node:fs";
import { loadPolicy, type LoadOptions } from "../load-policy.js";
import type { Policy } from "../policy.js";

export interface PolicySource {
  /** The module file this source loads (what `permc run` enforces for a sandboxed command). */
  readonly modulePath: string;
  /** The policy to decide with now; reloads first when the file changed. Never rejects. */
  current(): Promise<Policy>;
}

/**
 * Hot reload without a watcher: each call compares the file's identity
 * (inode, size, mtime, ctime) with the last one loaded, so an edit is seen by
 * the very next tool call, and no timer or handle keeps the host alive.
 *
 * A new module replaces the old one only once it loaded and verified
 * completely (one assignment: calls in flight keep the policy they started
 * with). A bad new module keeps the last good one; with no good one yet,
 * the denying policy stands. Each distinct problem is reported once.
 */
export function createPolicySource(modulePath: string, loadOptions: LoadOptions, report: (message: string) => void): PolicySource {
  let current: Policy | null = null;
  let lastGood: Policy | null = null;
  let loadedIdentity: string | null = null;
  let reloading: Promise<void> | null = null;

  async function reload(identity: string): Promise<void> {
    const next = await loadPolicy(modulePath, loadOptions);
    loadedIdentity = identity;
    if (next.error === null) {
      if (lastGood !== null) report(`permc: reloaded the policy from ${modulePath}`);
      current = lastGood = next;
    } else if (lastGood !== null) {
      report(`permc: the changed policy module was rejected and the last good one stays in force: ${next.error}`);
    } else {
      current = next;
      report(`permc: every tool call is blocked because the policy cannot be used: ${next.error}`);
    }
  }

  return {
    modulePath,
    async current(): Promise<Policy> {
      const identity = identityOf(modulePath);
      if (identity !== loadedIdentity) {
        // Concurrent calls share one reload.
        reloading ??= reload(identity).finally(() => {
          reloading = null;
        });
        await reloading;
      }
      return current!;
    },
  };
}

function identityOf(file: string): string {
  try {
    const s = statSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
  } catch (e) {
    return `missing:${(e as NodeJS.ErrnoException).code ?? "?"}`;
  }
}
