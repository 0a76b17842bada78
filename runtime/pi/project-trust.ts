import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { trustedModule } from "./trusted-modules.js";

/**
 * Whether Pi trusts the project, as the reference reads it
 * (`ctx.isProjectTrusted()`; D-pi-project-trust). A project module decides
 * only when this is `trusted`: a cloned repository must not ship the policy
 * that judges its own agent. No answer is not a yes: a Pi without the method
 * (0.73.1 and older), a throw or a non-boolean means no trust decision
 * exists yet, and the project module is withheld (fail closed) unless the
 * person trusted this module, as it is now, with `permc trust`
 * (trusted-modules.ts). Pi's own "not trusted" is never overridden.
 */
export type ProjectTrust = { readonly trusted: true } | { readonly trusted: false; readonly why: string };

export function projectTrust(ctx: ExtensionContext | undefined, trusted?: { readonly agentDir: string; readonly modulePath: string }): ProjectTrust {
  const pi = piTrust(ctx);
  if (pi.trusted || trusted === undefined || pi.why === PI_SAYS_NO) return pi;
  const own = trustedModule(trusted.agentDir, trusted.modulePath);
  return own.trusted ? own : { trusted: false, why: `${pi.why}, and the module ${own.why}` };
}

const PI_SAYS_NO = "Pi reports the project as not trusted";

function piTrust(ctx: ExtensionContext | undefined): ProjectTrust {
  let check: unknown;
  try {
    check = (ctx as { isProjectTrusted?: unknown } | undefined)?.isProjectTrusted;
  } catch {
    return { trusted: false, why: "Pi's trust state could not be read" };
  }
  if (typeof check !== "function") return { trusted: false, why: "this Pi does not report whether the project is trusted" };
  let answer: unknown;
  try {
    answer = (check as () => unknown).call(ctx);
  } catch {
    return { trusted: false, why: "Pi's trust check failed" };
  }
  if (answer === true) return { trusted: true };
  if (answer === false) return { trusted: false, why: PI_SAYS_NO };
  return { trusted: false, why: "Pi has no trust decision for the project yet" };
}
