// One Gemini CLI policy file (`*.toml`), checked as Gemini CLI 0.61.0's
// loader checks it: its `[[rule]]` and `[[safety_checker]]` tables, each
// field of the type the loader's schema asks for. A file the loader would
// reject as a whole (a TOML error, a field of the wrong type, a missing
// `decision` or `priority`) is an error here too: none of its rules would
// apply in Gemini CLI, and guessing at them could lose a deny. Keys the
// schema does not know are dropped by Gemini CLI; they are listed so the
// import can say so.
import { parseToml, type TomlTable, type TomlValue } from "./toml-subset.js";

export type GeminiDecision = "allow" | "deny" | "ask_user";
export type GeminiMode = "default" | "autoEdit" | "yolo" | "plan";

interface Matching {
  /** `<file> rule #N "name" (line L)`: how notes name the table. */
  readonly label: string;
  readonly toolNames: readonly string[];
  /** The tool name was written as a list (Gemini CLI rejects that beside commandPrefix/commandRegex, but loads the rule). */
  readonly toolNameList: boolean;
  readonly mcpName?: string;
  readonly argsPattern?: string;
  readonly commandPrefix?: string | readonly string[];
  readonly commandRegex?: string;
  readonly modes?: readonly GeminiMode[];
  readonly toolAnnotations?: TomlTable;
  readonly priority: number;
}

export interface GeminiRule extends Matching {
  readonly decision: GeminiDecision;
  readonly subagent?: string;
  readonly interactive?: boolean;
  readonly allowRedirection?: boolean;
  readonly denyMessage?: string;
}

export interface GeminiChecker extends Matching {
  /** The checker's `type` and `name` (`in-process allowed-path`, `external my-checker`). */
  readonly checker: string;
}

export interface GeminiPolicyFile {
  readonly rules: readonly GeminiRule[];
  readonly checkers: readonly GeminiChecker[];
  /** Keys Gemini CLI's schema drops, with where they are. */
  readonly ignored: ReadonlyArray<{ readonly where: string; readonly key: string }>;
}

const DECISIONS: readonly string[] = ["allow", "deny", "ask_user"];
const MODES: readonly string[] = ["default", "autoEdit", "yolo", "plan"];
const CHECKERS_IN_PROCESS: readonly string[] = ["allowed-path", "conseca"];
const RULE_KEYS = new Set([
  "toolName",
  "subagent",
  "mcpName",
  "argsPattern",
  "commandPrefix",
  "commandRegex",
  "decision",
  "priority",
  "modes",
  "interactive",
  "toolAnnotations",
  "allowRedirection",
  "allow_redirection",
  "denyMessage",
  "deny_message",
  // Not in the schema, but the files Gemini CLI ships label their rules with it: a label, never a condition.
  "name",
]);
const CHECKER_KEYS = new Set([
  "toolName",
  "mcpName",
  "argsPattern",
  "commandPrefix",
  "commandRegex",
  "priority",
  "modes",
  "toolAnnotations",
  "checker",
  "name",
]);

class Rejected extends Error {}

export function readGeminiPolicyFile(file: string, text: string): GeminiPolicyFile | { error: string } {
  const doc = parseToml(text);
  if ("error" in doc) return { error: `not TOML Gemini CLI can read (${doc.error}); Gemini CLI skips such a file` };
  const base = file.replace(/^.*[\\/]/, "");
  const ignored: Array<{ where: string; key: string }> = [];
  try {
    for (const key of Object.keys(doc.root)) if (key !== "rule" && key !== "safety_checker") ignored.push({ where: base, key });
    const rules = tablesOf(doc.root, "rule").map((t, i) => {
      const label = labelOf(base, "rule", i, t, doc.lines.get(t));
      for (const key of Object.keys(t)) if (!RULE_KEYS.has(key)) ignored.push({ where: label, key });
      return readRule(t, label);
    });
    const checkers = tablesOf(doc.root, "safety_checker").map((t, i) => {
      const label = labelOf(base, "safety_checker", i, t, doc.lines.get(t));
      for (const key of Object.keys(t)) if (!CHECKER_KEYS.has(key)) ignored.push({ where: label, key });
      return readChecker(t, label);
    });
    return { rules, checkers, ignored };
  } catch (e) {
    if (e instanceof Rejected) return { error: `Gemini CLI rejects this file (${e.message}), so none of its rules apply there; nothing imported` };
    throw e;
  }
}

function tablesOf(root: TomlTable, key: string): TomlTable[] {
  if (!Object.hasOwn(root, key)) return [];
  const list = root[key]!;
  if (!Array.isArray(list) || !list.every(isTable)) throw new Rejected(`\`${key}\` must be a list of tables ([[${key}]])`);
  return list as TomlTable[];
}

function labelOf(base: string, kind: string, index: number, table: TomlTable, line: number | undefined): string {
  const name = Object.hasOwn(table, "name") && typeof table["name"] === "string" ? ` ${JSON.stringify(table["name"])}` : "";
  return `${base} ${kind} #${index + 1}${name}${line !== undefined ? ` (line ${line})` : ""}`;
}

function readMatching(t: TomlTable, label: string, priority: number): Matching {
  const toolName = field(t, "toolName");
  if (toolName === undefined) throw new Rejected(`${label}: toolName is required`);
  const toolNames = typeof toolName === "string" ? [toolName] : stringList(toolName, `${label}: toolName`);
  if (toolNames.includes("")) throw new Rejected(`${label}: an empty toolName (Gemini CLI refuses to start with it; "*" means every tool)`);
  const mcpName = optionalString(t, "mcpName", label);
  if (mcpName === "") throw new Rejected(`${label}: an empty mcpName (Gemini CLI refuses to start with it)`);
  const prefix = field(t, "commandPrefix");
  const modes = field(t, "modes");
  const annotations = field(t, "toolAnnotations");
  if (annotations !== undefined && !isTable(annotations)) throw new Rejected(`${label}: toolAnnotations must be a table`);
  const m: Matching = {
    label,
    toolNames,
    toolNameList: typeof toolName !== "string",
    priority,
    ...(mcpName !== undefined ? { mcpName } : {}),
    ...optional("argsPattern", optionalString(t, "argsPattern", label)),
    ...optional("commandRegex", optionalString(t, "commandRegex", label)),
    ...optional("commandPrefix", prefix === undefined || typeof prefix === "string" ? prefix : stringList(prefix, `${label}: commandPrefix`)),
    ...optional("modes", modes === undefined ? undefined : modeList(modes, label)),
    ...optional("toolAnnotations", annotations as TomlTable | undefined),
  };
  return m;
}

function readRule(t: TomlTable, label: string): GeminiRule {
  const decision = field(t, "decision");
  if (typeof decision !== "string" || !DECISIONS.includes(decision))
    throw new Rejected(`${label}: decision must be "allow", "deny" or "ask_user"${decision === undefined ? "" : `, not ${JSON.stringify(decision)}`}`);
  const priority = field(t, "priority");
  if (priority === undefined) throw new Rejected(`${label}: priority is required`);
  if (typeof priority !== "number" || !Number.isInteger(priority) || priority < 0 || priority > 999)
    throw new Rejected(`${label}: priority must be an integer from 0 to 999`);
  const subagent = optionalString(t, "subagent", label);
  if (subagent === "") throw new Rejected(`${label}: an empty subagent (Gemini CLI refuses to start with it)`);
  const interactive = optionalBoolean(t, "interactive", label);
  const allowRedirection = optionalBoolean(t, "allowRedirection", label) ?? optionalBoolean(t, "allow_redirection", label);
  const denyMessage = optionalString(t, "denyMessage", label) ?? optionalString(t, "deny_message", label);
  return {
    ...readMatching(t, label, priority),
    decision: decision as GeminiDecision,
    ...optional("subagent", subagent),
    ...optional("interactive", interactive),
    ...optional("allowRedirection", allowRedirection),
    ...optional("denyMessage", denyMessage),
  };
}

function readChecker(t: TomlTable, label: string): GeminiChecker {
  const priority = field(t, "priority") ?? 0;
  if (typeof priority !== "number" || !Number.isInteger(priority)) throw new Rejected(`${label}: priority must be an integer`);
  const checker = field(t, "checker");
  if (!isTable(checker)) throw new Rejected(`${label}: checker is required, a table with type and name`);
  const type = checker["type"];
  const name = checker["name"];
  if (type === "in-process") {
    if (typeof name !== "string" || !CHECKERS_IN_PROCESS.includes(name))
      throw new Rejected(`${label}: an in-process checker's name must be one of ${CHECKERS_IN_PROCESS.join(", ")}`);
  } else if (type === "external") {
    if (typeof name !== "string") throw new Rejected(`${label}: an external checker needs a name`);
  } else throw new Rejected(`${label}: checker.type must be "in-process" or "external"`);
  return { ...readMatching(t, label, priority), checker: `${type} ${name}` };
}

function field(t: TomlTable, key: string): TomlValue | undefined {
  return Object.hasOwn(t, key) ? t[key] : undefined;
}

function optionalString(t: TomlTable, key: string, label: string): string | undefined {
  const v = field(t, key);
  if (v !== undefined && typeof v !== "string") throw new Rejected(`${label}: ${key} must be a string`);
  return v;
}

function optionalBoolean(t: TomlTable, key: string, label: string): boolean | undefined {
  const v = field(t, key);
  if (v !== undefined && typeof v !== "boolean") throw new Rejected(`${label}: ${key} must be true or false`);
  return v;
}

function stringList(v: TomlValue, what: string): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) throw new Rejected(`${what} must be a string or a list of strings`);
  return v as string[];
}

function modeList(v: TomlValue, label: string): GeminiMode[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string" && MODES.includes(x)))
    throw new Rejected(`${label}: modes must be a list of ${MODES.map((m) => JSON.stringify(m)).join(", ")}`);
  return v as GeminiMode[];
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function isTable(v: TomlValue | undefined): v is TomlTable {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
