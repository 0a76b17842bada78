/**
 * What `permc sandbox` and `permc run` share: the module, home, working
 * directory and grants read into a kernel profile. Fails closed: a module
 * that does not load, or a profile that cannot be built, is an error naming
 * the cause, and the caller runs nothing.
 */
import os from "node:os";
import { loadPolicy } from "../runtime/index.js";
import { sandboxProfile, type SandboxProfile } from "../runtime/sandbox/index.js";

export interface ProfileRequest {
  readonly policy: string;
  readonly home?: string;
  readonly cwd?: string;
  readonly grants?: readonly string[];
  readonly readGrants?: readonly string[];
}

export async function profileFor(request: ProfileRequest): Promise<{ profile: SandboxProfile } | { error: string }> {
  const home = request.home ?? os.homedir();
  const policy = await loadPolicy(request.policy, { home });
  if (policy.error !== null) return { error: policy.error };
  try {
    return { profile: sandboxProfile(policy, { cwd: request.cwd ?? process.cwd(), home, grants: request.grants ?? [], readGrants: request.readGrants ?? [] }) };
  } catch (e) {
    return { error: `cannot build the kernel profile: ${e instanceof Error ? e.message : String(e)}` };
  }
}
