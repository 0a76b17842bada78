// Codex's `host_executable(name = "git", paths = ["/usr/bin/git", …])`.
//
// Codex matches a prefix rule's first token against the command's program
// exactly; when no rule does and the program is an absolute path, it falls
// back to the rules written for the path's base name, but only for the paths
// a host_executable of that name lists (any path when there is none). A later
// host_executable of the same name replaces an earlier one.
//
// permc allows a program only as the rule spells it, and denies or asks
// whatever path runs it (by base name). So an allow rule gains one rule per
// listed path, which is what Codex allows; a prompt or forbidden rule already
// covers every path, more than the listed ones.
import type { Action } from "../../runtime/action.js";
import type { ImportBuilder } from "./imported-policy.js";
import type { StarCall } from "./starlark-subset.js";

/** What these notes need of a prefix_rule (from-codex.ts reads them). */
interface RuleShape {
  readonly prefixes: readonly (readonly string[])[];
  readonly action: Action;
  readonly source: string;
}

/** Program name → the absolute paths Codex takes for it. */
export type HostExecutables = ReadonlyMap<string, readonly string[]>;

/** The call's name and paths, or why Codex refuses it (then it refuses the whole file). */
export function readHostExecutable(call: StarCall): { name: string; paths: string[] } | { why: string } {
  const name = call.kwargs.get("name") ?? call.args[0];
  const paths = call.kwargs.get("paths") ?? call.args[1];
  if (typeof name !== "string" || name === "" || /[\\/]/.test(name) || name === "." || name === "..") return { why: "`name` must be a bare program name" };
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === "string")) return { why: "`paths` must be a list of strings" };
  const unique: string[] = [];
  for (const p of paths as string[]) {
    if (!p.startsWith("/") && !p.startsWith("~/")) return { why: `path ${JSON.stringify(p)} is neither absolute nor \`~/…\`` };
    if (baseName(p) !== name) return { why: `path ${JSON.stringify(p)} does not end in ${JSON.stringify(name)}` };
    if (!unique.includes(p)) unique.push(p);
  }
  return { name, paths: unique };
}

/** Whether Codex takes `program` (a command's first word) for a rule written for `name`, when no rule names `program` itself. */
export function resolvesTo(program: string, name: string, hosts: HostExecutables): boolean {
  if (!program.startsWith("/") || baseName(program) !== name) return false;
  const listed = hosts.get(name);
  return listed === undefined || listed.includes(program);
}

/**
 * The program spellings a rule is written for: its first token, and for an
 * allow rule each absolute path a host_executable lists for that name (Codex
 * allows those too). A prompt or forbidden rule needs no more: permc asks or
 * denies whatever path runs the program.
 */
export function programSpellings(prefix: readonly string[], action: Action, hosts: HostExecutables): string[][] {
  const listed = action === "allow" ? (hosts.get(prefix[0]!) ?? []) : [];
  // A path permc cannot write as one word of a pattern would match nothing Codex runs; it is left out (the allow narrows).
  return [prefix as string[], ...listed.filter((p) => !/[\s*?]/.test(p)).map((p) => [p, ...prefix.slice(1)])];
}

/** What host_executable changes, and what permc's reading of program paths does to rules without one. */
export function hostExecutableNotes(b: ImportBuilder, rules: readonly RuleShape[], hosts: HostExecutables): void {
  for (const [name, paths] of hosts) {
    const named = rules.filter((r) => r.prefixes.some((p) => p[0] === name));
    const source = `host_executable ${name}`;
    if (named.length === 0) b.note("info", "no prefix_rule is written for this program; nothing to do", source);
    if (named.some((r) => r.action === "allow") && paths.length > 0)
      b.note("info", `${name}'s allow rules are also written for ${paths.join(", ")}, the paths Codex takes for it`, source);
    for (const r of named.filter((r) => r.action !== "allow"))
      b.note(
        "inexact",
        `Codex ${r.action === "deny" ? "forbids" : "prompts for"} ${name} run as ${[name, ...paths].join(", ")} only; permc ${r.action === "deny" ? "denies" : "asks"} whatever path runs it (${r.action === "deny" ? "denies" : "asks"} more)`,
        r.source,
      );
    for (const p of paths.filter((p) => /[\s*?]/.test(p)))
      b.note("dropped", `the path ${JSON.stringify(p)} cannot be one word of a permc pattern; its allow rules are not written for it (allows less)`, source);
  }
  if (rules.some((r) => r.action === "allow" && r.prefixes.some((p) => !p[0]!.includes("/") && !hosts.has(p[0]!))))
    b.note(
      "info",
      "Codex also takes an absolute path to a program for its name (/usr/bin/git for git) unless a host_executable lists the paths; permc allows a program only as the rule spells it (allows less), and denies or asks whatever path runs it",
    );
}

function baseName(p: string): string {
  return p.slice(p.lastIndexOf("/") + 1);
}
