// Codex execpolicy `.rules` (prefix_rule calls) → permc bash rules.
//
// Codex matches a command's argv against each rule's token prefix and takes
// the strictest decision among the matching rules (forbidden > prompt >
// allow). Writing every allow rule first, then prompt (ask), then forbidden
// (deny) makes last match wins pick the same one. host_executable widens an
// allow to the program paths it lists (codex-host-executable.ts);
// network_rule has no permc counterpart (codex-network-rule.ts).
import { stricter, type Action } from "../../runtime/action.js";
import { hostExecutableNotes, programSpellings, readHostExecutable, resolvesTo, type HostExecutables } from "./codex-host-executable.js";
import { networkRule } from "./codex-network-rule.js";
import { ImportBuilder, type ImportResult } from "./imported-policy.js";
import { parseStarlark, type StarCall, type StarValue } from "./starlark-subset.js";

const DECISIONS: Readonly<Record<string, Action>> = { allow: "allow", prompt: "ask", forbidden: "deny" };
/** What permc decides for commands no rule matches: Codex then falls back to its approval policy, which a rule file does not state. */
const DEFAULT_ACTION: Action = "ask";
/** A pattern with more alternatives than this is not expanded. */
const MAX_EXPANSION = 512;

interface PrefixRule {
  readonly prefixes: readonly (readonly string[])[];
  readonly action: Action;
  readonly source: string;
  readonly call: StarCall;
}

export function importCodex(file: string, text: string): ImportResult {
  const b = new ImportBuilder();
  const { calls, errors } = parseStarlark(text);
  // What a line that does not parse said is unknown: it may have been a forbidden rule.
  for (const e of errors) b.note("dropped", `${e} — may lose a prompt or forbidden rule`, undefined, true);
  b.header.push(
    "Codex takes the strictest matching prefix_rule (forbidden > prompt > allow); here the last",
    "matching line wins, so allow rules come first, then ask (prompt), then deny (forbidden).",
    'A rule\'s argv prefix becomes "<tokens joined by spaces> *": exactly the prefix, then optional arguments.',
    `Commands no rule matches: ${DEFAULT_ACTION} (Codex leaves them to its approval policy).`,
  );
  b.note("assumed", `commands no rule matches, and every other tool: default ${DEFAULT_ACTION}`);
  b.note("info", "Codex matches argv tokens; permc matches the command text, so a quoted or oddly spaced spelling of a command is not covered by the rule");

  const rules: PrefixRule[] = [];
  const hosts = new Map<string, string[]>();
  for (const call of calls) {
    if (call.name === "prefix_rule") {
      const rule = readPrefixRule(b, call);
      if (rule) rules.push(rule);
    } else if (call.name === "network_rule") networkRule(b, call);
    else if (call.name === "host_executable") {
      const host = readHostExecutable(call);
      if ("why" in host)
        b.note("dropped", `Codex refuses this host_executable (${host.why}) and with it the file; ignored`, `host_executable at line ${call.line}`);
      // A later one for the same name replaces the earlier, as in Codex.
      else hosts.set(host.name, host.paths);
    } else b.note("dropped", `\`${call.name}(...)\` has no permc equivalent; ignored`, `line ${call.line}`);
  }
  if (rules.length === 0) b.note("info", "no prefix_rule in the file: the import holds only the default");
  hostExecutableNotes(b, rules, hosts);

  for (const tier of ["allow", "ask", "deny"] as const) {
    for (const r of rules) {
      if (r.action !== tier) continue;
      const reason = tier === "deny" ? justification(r.call) : undefined;
      for (const p of r.prefixes) for (const spelling of programSpellings(p, tier, hosts)) b.rule("bash", spelling.join(" ") + " *", tier, reason);
    }
  }
  for (const r of rules) examples(b, r, rules, hosts);
  return b.finish("codex", file, DEFAULT_ACTION);
}

function readPrefixRule(b: ImportBuilder, call: StarCall): PrefixRule | null {
  const source = `prefix_rule at line ${call.line}`;
  const pattern = call.kwargs.get("pattern") ?? call.args[0];
  const decision = call.kwargs.get("decision") ?? "allow";
  const action = typeof decision === "string" ? DECISIONS[decision] : undefined;
  // A dropped rule loses a restriction unless it was an allow; an unknown decision may have been meant as one.
  const dropped = (why: string) => b.note("dropped", `${why}${action === "allow" ? "" : " — WIDENS: the rule is lost"}`, source, action !== "allow");
  if (!Array.isArray(pattern) || pattern.length === 0) {
    dropped("`pattern` must be a non-empty list");
    return null;
  }
  if (!action) {
    dropped(`unknown decision ${JSON.stringify(decision)}`);
    return null;
  }
  let prefixes: string[][] = [[]];
  for (const element of pattern) {
    const alternatives =
      typeof element === "string" ? [element] : Array.isArray(element) && element.every((e) => typeof e === "string") ? (element as string[]) : null;
    if (!alternatives || alternatives.length === 0) {
      dropped("a pattern element must be a string or a list of strings");
      return null;
    }
    prefixes = prefixes.flatMap((p) => alternatives.map((a) => [...p, a]));
    if (prefixes.length > MAX_EXPANSION) {
      dropped(`more than ${MAX_EXPANSION} alternative prefixes`);
      return null;
    }
  }
  for (const token of prefixes.flat()) {
    // A wildcard matches more: that widens an allow. Whitespace matches fewer spellings: that widens a prompt or forbidden rule.
    if (/[*?]/.test(token))
      b.note(
        "inexact",
        `token ${JSON.stringify(token)}: \`*\`/\`?\` are literal in Codex but wildcards here (${action === "allow" ? "allows more" : action === "deny" ? "denies more" : "asks more"})`,
        source,
        action === "allow",
      );
    if (/\s/.test(token) || token === "")
      b.note(
        "inexact",
        `token ${JSON.stringify(token)} holds whitespace: it matches only the unquoted spelling of that argument${action === "allow" ? "" : " — WIDENS: other spellings are not covered"}`,
        source,
        action !== "allow",
      );
  }
  return { prefixes, action, source, call };
}

function justification(call: StarCall): string | undefined {
  const j = call.kwargs.get("justification");
  return typeof j === "string" && j.length <= 500 ? j : undefined;
}

/** `match` examples must match the rule, `not_match` ones must not; both become tests of what Codex decides for them. */
function examples(b: ImportBuilder, rule: PrefixRule, all: readonly PrefixRule[], hosts: HostExecutables): void {
  for (const [key, shouldMatch] of [
    ["match", true],
    ["not_match", false],
  ] as const) {
    const list = rule.call.kwargs.get(key);
    if (list === undefined) continue;
    for (const example of Array.isArray(list) ? list : [list]) {
      const argv = exampleArgv(example);
      if (!argv) {
        b.note("dropped", `${key} example ${JSON.stringify(example)} is neither a command string nor a list of strings`, rule.source);
        continue;
      }
      if (matches(rule, argv, hosts) !== shouldMatch) {
        b.note(
          "dropped",
          `${key} example ${JSON.stringify(argv.join(" "))} ${shouldMatch ? "does not match" : "matches"} its own rule (Codex rejects such a file); no test written`,
          rule.source,
        );
        continue;
      }
      if (argv.some((t) => /\s/.test(t) || t === "")) {
        b.note("dropped", `${key} example ${JSON.stringify(example)} has an argument with whitespace; no test written`, rule.source);
        continue;
      }
      if (argv[0]!.includes("/")) {
        b.note(
          "dropped",
          `${key} example ${JSON.stringify(argv.join(" "))} runs a program by its path, which permc reads otherwise than Codex (see host_executable); no test written`,
          rule.source,
        );
        continue;
      }
      b.test("bash", argv.join(" "), codexDecision(all, argv, hosts));
    }
  }
}

/** Whether the rule's prefix is the start of argv, exactly as written. */
function matchesExactly(rule: PrefixRule, argv: readonly string[]): boolean {
  return rule.prefixes.some((p) => p.length <= argv.length && p.every((t, i) => argv[i] === t));
}

/**
 * The rules Codex takes for an argv: those matching it as written; when
 * there are none, and the program is an absolute path, those written for its
 * base name (host_executable permitting), as Codex's harness resolves them.
 */
function matchingRules(all: readonly PrefixRule[], argv: readonly string[], hosts: HostExecutables): PrefixRule[] {
  const exact = all.filter((r) => matchesExactly(r, argv));
  if (exact.length > 0) return exact;
  const program = argv[0]!;
  const name = program.slice(program.lastIndexOf("/") + 1);
  if (!resolvesTo(program, name, hosts)) return [];
  return all.filter((r) => matchesExactly(r, [name, ...argv.slice(1)]));
}

/** Whether the rule matches argv on its own, as Codex checks a rule's examples. */
function matches(rule: PrefixRule, argv: readonly string[], hosts: HostExecutables): boolean {
  return matchingRules([rule], argv, hosts).length > 0;
}

/** Codex's own decision for an argv: the strictest matching rule, else the assumed default. */
export function codexDecision(rules: readonly PrefixRule[], argv: readonly string[], hosts: HostExecutables = new Map()): Action {
  let best: Action | null = null;
  for (const r of matchingRules(rules, argv, hosts)) if (best === null || stricter(r.action, best)) best = r.action;
  return best ?? DEFAULT_ACTION;
}

function exampleArgv(example: StarValue): string[] | null {
  if (typeof example === "string") return shellWords(example);
  if (Array.isArray(example) && example.every((e) => typeof e === "string")) return example as string[];
  return null;
}

/** POSIX-shell word splitting (quotes and backslashes), as Codex splits a string example. */
export function shellWords(s: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = s.indexOf("'", i + 1);
      word = (word ?? "") + s.slice(i + 1, end < 0 ? s.length : end);
      i = end < 0 ? s.length : end;
    } else if (c === '"') {
      let j = i + 1;
      let w = "";
      while (j < s.length && s[j] !== '"') {
        if (s[j] === "\\" && j + 1 < s.length && '"\\$`'.includes(s[j + 1]!)) j++;
        w += s[j++];
      }
      word = (word ?? "") + w;
      i = j;
    } else if (c === "\\" && i + 1 < s.length) {
      word = (word ?? "") + s[++i];
    } else word = (word ?? "") + c;
  }
  if (word !== null) words.push(word);
  return words;
}
