// Codex's `network_rule(host, protocol, decision, justification)`: what its
// network proxy lets a command reach. permc sees no network connections, so
// no rule is written for one; a rule that denies or prompts is a loss.
import type { ImportBuilder } from "./imported-policy.js";
import type { StarCall } from "./starlark-subset.js";

/** A note for the rule: dropped, and lost when it denies or prompts (or says something Codex may read as either). */
export function networkRule(b: ImportBuilder, call: StarCall): void {
  const host = call.kwargs.get("host") ?? call.args[0];
  const decision = call.kwargs.get("decision") ?? call.args[2];
  const source = `network_rule${typeof host === "string" ? ` ${host}` : ""} at line ${call.line}`;
  // Codex reads "deny" as forbidden; anything it does not know may have been meant as a restriction.
  if (decision === "allow") {
    b.note("dropped", "permc does not see the network connections a command makes; nothing to import", source);
    return;
  }
  const what = decision === "prompt" ? "prompt" : decision === "forbidden" || decision === "deny" ? "deny" : `decision ${JSON.stringify(decision)}`;
  b.note("dropped", `permc does not see the network connections a command makes — WIDENS: this ${what} is lost`, source, true);
}
