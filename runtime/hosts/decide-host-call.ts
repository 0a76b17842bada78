/**
 * One host tool call, decided through the host's table (host-table.ts) and
 * permc's gate. The table says what the call is; this file only follows it:
 * the permc calls it stands for, how an unmodelled or unreadable tool is
 * floored, and that the most restrictive answer wins. Never rejects: the gate
 * turns its own errors into deny, and a call of the wrong shape is denied here.
 */
import { stricter } from "../action.js";
import { ownEntry } from "../format.js";
import type { Gate, GateDecision, ToolCall } from "../gate/index.js";
import type { Policy } from "../policy.js";
import { readPatchFiles } from "../patch/patch-files.js";
import { escapingRoot, joinRoot } from "./glob-root.js";
import type { HostTable, HostTool } from "./host-table.js";
import { floorUnmodelledTool, ruleNamesTool } from "./unmodelled-tool.js";

export interface HostCallContext {
  readonly policy: Policy;
  readonly gate: Gate;
  /** A gate deciding from another directory (a table entry's `dirField`); without it such a call is denied. */
  readonly gateIn?: (dir: string) => Gate;
}

/** The table's entry for a tool name: its own, its alias's, a prefix family's, or undefined (unmodelled). */
export function hostToolEntry(table: HostTable, name: string): { readonly name: string; readonly entry: HostTool | undefined } {
  const canonical = ownEntry(table.aliases, name) ?? name;
  const own = ownEntry(table.tools, canonical);
  if (own !== undefined) return { name: canonical, entry: own };
  for (const prefix of Object.keys(table.prefixes)) if (name.startsWith(prefix)) return { name, entry: table.prefixes[prefix] };
  return { name, entry: undefined };
}

export async function decideHostCall(table: HostTable, ctx: HostCallContext, name: string, input: Readonly<Record<string, unknown>>): Promise<GateDecision> {
  const { name: canonical, entry } = hostToolEntry(table, name);
  const own = (tool: string): ToolCall => ({ tool, input });
  if (entry === undefined) return floorUnmodelledTool(ctx.policy, name, await ctx.gate.decide(own(name)));
  switch (entry.kind) {
    case "permc": {
      const dir = entry.dirField === undefined ? undefined : ownEntry(input, entry.dirField);
      if (dir === undefined || dir === "") return worstOf(await Promise.all(permcCalls(entry, input).map((c) => ctx.gate.decide(c))));
      if (typeof dir !== "string" || dir.trim() === "") return inputError(`tool '${name}' needs '${entry.dirField}' to be a directory name`);
      if (ctx.gateIn === undefined) return inputError(`tool '${name}' runs in '${entry.dirField}', which this adapter cannot decide from`);
      // The call is decided from the directory it runs in; the directory itself as listing it from here (its path rules).
      const there = ctx.gateIn(dir.trim());
      const calls = permcCalls(entry, input).map((c) => there.decide(c));
      return worstOf(await Promise.all([...calls, ctx.gate.decide({ tool: "ls", input: { path: dir.trim() } })]));
    }
    case "patch": {
      const reading = readPatchFiles(ownEntry(input, entry.textField));
      if ("unreadable" in reading) return inputError(`the patch in '${entry.textField}' cannot be read as ${table.host} would apply it: ${reading.unreadable}`);
      // A patch naming no file is decided as an edit without a path: denied, never guessed.
      const files: ReadonlyArray<string | undefined> = reading.files.length === 0 ? [undefined] : reading.files;
      const calls = files.flatMap((f) => (["edit", "write"] as const).map((tool) => ({ tool, input: f === undefined ? {} : { path: f } })));
      return worstOf(await Promise.all(calls.map((c) => ctx.gate.decide(c))));
    }
    case "own-surface": {
      // A tool's older and newer names (`Task`, `Agent`) are one tool: rules naming any of them decide, the stricter on a clash.
      const named = nameFamily(table, canonical).filter((n) => ruleNamesTool(ctx.policy, n));
      return worstOf(await Promise.all((named.length > 0 ? named : [name]).map((n) => ctx.gate.decide(own(n)))));
    }
    case "no-permission": {
      // The gate still runs: an unusable policy, an unknown home or an input of the wrong shape is no allow.
      const d = await ctx.gate.decide(own(name));
      if (d.error !== undefined || ruleNamesTool(ctx.policy, name) || ruleNamesTool(ctx.policy, canonical)) return d;
      return {
        action: "allow",
        matchedPattern: null,
        origin: "permc",
        gate: "tool",
        value: name,
        reason: `${table.host} asks no permission for '${name}' (it changes only the session's own state)`,
      };
    }
    case "paths": {
      const calls: ToolCall[] = [];
      for (const [fields, tool] of [
        [entry.reads, "read"],
        [entry.writes, "write"],
      ] as const) {
        for (const field of fields) for (const p of stringsOf(ownEntry(input, field))) calls.push({ tool, input: { path: p } });
      }
      const decisions = await Promise.all(calls.map((c) => ctx.gate.decide(c)));
      decisions.push(floorUnmodelledTool(ctx.policy, name, await ctx.gate.decide(own(name))));
      return worstOf(decisions);
    }
    case "unreadable-shell": {
      const command = ownEntry(input, entry.commandField);
      if (typeof command !== "string") return inputError(`tool '${name}' needs a string '${entry.commandField}'`);
      // permc cannot read this shell's language; a bash deny its text meets still denies, nothing of bash allows it.
      const asBash = await ctx.gate.decide({ tool: "bash", input: { command } });
      if (asBash.action === "deny") return asBash;
      const itself = await ctx.gate.decide(own(name));
      if (itself.action !== "allow" || ruleNamesTool(ctx.policy, name)) return itself;
      return { ...itself, action: "ask", reason: `permc cannot read ${name} commands; only a rule naming '${name}' exactly allows them without asking` };
    }
  }
}

/** A tool's current name and every older name the host maps to it. */
function nameFamily(table: HostTable, canonical: string): string[] {
  return [canonical, ...Object.keys(table.aliases).filter((old) => table.aliases[old] === canonical)];
}

/** The permc calls a mapped tool stands for: one, plus the root its glob names when that leaves the search root. */
function permcCalls(entry: Extract<HostTool, { kind: "permc" }>, input: Readonly<Record<string, unknown>>): ToolCall[] {
  const mapped: Record<string, unknown> = {};
  for (const [ours, theirs] of Object.entries(entry.fields)) {
    const value = ownEntry(input, theirs);
    if (value !== undefined) mapped[ours] = value;
  }
  const calls: ToolCall[] = [{ tool: entry.tool, input: mapped }];
  const root = entry.rootGlobField === undefined ? null : escapingRoot(ownEntry(input, entry.rootGlobField));
  if (root !== null) calls.push({ tool: entry.tool, input: { ...mapped, path: joinRoot(mapped.path, root) } });
  return calls;
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return value.trim() === "" ? [] : [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : [];
}

/** The first decision at the highest severity. */
function worstOf(decisions: readonly GateDecision[]): GateDecision {
  let worst: GateDecision | null = null;
  for (const d of decisions) if (worst === null || stricter(d.action, worst.action)) worst = d;
  return worst ?? inputError("no gate decided");
}

function inputError(error: string): GateDecision {
  return { action: "deny", matchedPattern: null, origin: "permc", gate: "input", error };
}
