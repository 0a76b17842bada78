/**
 * The one catalogue of diagnostics. Codes and slugs are public (users grep for
 * them, CI filters on them): never renumber, only append.
 */

export type Severity = "error" | "warning" | "info";

export interface DiagnosticKind {
  readonly code: string;
  readonly slug: string;
  readonly severity: Severity;
  /** Default help line, shown unless the reporter gives a more specific one. */
  readonly help?: string;
}

function kind(code: number, slug: string, severity: Severity, help?: string): DiagnosticKind {
  return Object.freeze({ code: `PC${String(code).padStart(4, "0")}`, slug, severity, ...(help ? { help } : {}) });
}

export const DIAGNOSTICS = {
  syntaxError: kind(1, "syntax-error", "error", "fix the syntax; permc, like the reference, accepts JSON with // and /* */ comments only"),
  unknownKey: kind(2, "unknown-key", "error", "remove the key; the reference rejects the whole file when it sees an unknown key"),
  invalidAction: kind(3, "invalid-action", "error", "use one of `allow`, `ask` or `deny`"),
  invalidValue: kind(4, "invalid-value", "error"),
  emptyKey: kind(5, "empty-key", "error", "give the key a name; an empty key can never match a tool or value you meant"),
  reasonTooLong: kind(6, "reason-too-long", "error", "shorten the reason to at most 500 characters"),
  duplicateKey: kind(7, "duplicate-key", "warning", "remove one of the two; JSON keeps the first key's position but the last key's value"),
  integerKeyOrder: kind(
    8,
    "integer-key-order",
    "warning",
    "JavaScript moves integer-like keys to the front of an object, so this rule is checked before the keys written above it",
  ),
  mapUnderUniversal: kind(9, "map-under-universal", "warning", 'write the universal fallback as an action string, e.g. `"*": "ask"`'),
  protoKey: kind(10, "proto-key", "warning", "`__proto__` vanishes when JavaScript parses the file; rename or remove it"),
  byteOrderMark: kind(11, "byte-order-mark", "error", "save the file as UTF-8 without a byte-order mark; the reference cannot parse it"),
  shadowedRule: kind(12, "shadowed-rule", "warning", "remove the rule or move it after the rules that cover it"),
  permissiveBashFallback: kind(13, "permissive-bash-fallback", "warning", 'set an explicit bash policy, e.g. `"bash": { "*": "ask" }`'),
  unmatchableChainPattern: kind(
    14,
    "unmatchable-chain-pattern",
    "warning",
    "bash rules match one command at a time; write a rule for each command of the chain",
  ),
  inlineTestFailed: kind(15, "inline-test-failed", "error"),
  patternTooLong: kind(16, "pattern-too-long", "error", "split the pattern or shorten it"),
  automatonSplit: kind(17, "automaton-split", "info"),
  unreadableInput: kind(18, "unreadable-input", "error"),
  unknownInputKind: kind(19, "unknown-input-kind", "error", "name a `.json`, `.jsonc`, `.md` or `.perm` file"),
  frontmatterEntryDropped: kind(20, "frontmatter-entry-dropped", "warning", "the reference drops this entry silently; fix or remove it"),
  invalidReason: kind(21, "invalid-reason", "error", "a reason is a string, and only `deny` may carry one"),
  noFrontmatter: kind(23, "no-frontmatter", "warning", "start the file with a `---` line; without it the reference reads no permissions from it"),
  globstarHasNoMeaning: kind(24, "globstar-has-no-meaning", "warning", "`**` is the same as `*` here, and `*` already crosses `/`"),
  unknownSurface: kind(25, "unknown-surface", "warning"),
  patternWhitespace: kind(26, "pattern-whitespace", "warning", "leading or trailing spaces are matched literally"),
  overriddenDeny: kind(27, "overridden-deny", "info"),
  tooManyStates: kind(28, "too-many-states", "error", "simplify the patterns with several `*`; the policy exceeds the automaton budget"),
  emptyInput: kind(29, "no-inputs", "error", "name at least one policy file"),
  unterminatedComment: kind(
    30,
    "unterminated-comment",
    "warning",
    "close the comment with `*/`; like the reference, permc ignores everything after an unclosed `/*`",
  ),
  ruleOutOfOrder: kind(31, "rule-out-of-order", "error", "move the rule up to where it is checked, so the page reads in the order it decides"),
  includeCycle: kind(32, "include-cycle", "error", "remove one of the `include` lines that lead back to this file"),
  mixedSurfaceForms: kind(33, "mixed-surface-forms", "error", "write the surface either as `<surface> <action>` (every value) or as pattern rules, not both"),
  scopeMismatch: kind(
    34,
    "scope-mismatch",
    "error",
    "drop the `scope` line, or name the file with the matching --global/--project/--agent/--project-agent flag",
  ),
  deprecatedKey: kind(35, "deprecated-key", "warning", "remove the key; the reference still validates it but has ignored its value since 26.0.0"),
  mcpToolKeyRelocated: kind(
    36,
    "mcp-tool-key-relocated",
    "info",
    'move the rule under `mcp`, e.g. `"mcp": { "mcp__server__tool": "deny" }`; Pi\'s MCP tools are gated on the `mcp` surface since reference 38.0.0',
  ),
  unusableDialogKey: kind(
    37,
    "unusable-dialog-key",
    "warning",
    "bind a single printable character other than `j`, `k` or an uppercase letter, and use each key once",
  ),
} as const satisfies Record<string, DiagnosticKind>;

export type DiagnosticName = keyof typeof DIAGNOSTICS;

/**
 * What makes permc report each diagnostic, in one sentence; docs/diagnostics.md
 * is generated from these and the table above (test/diagnostics/catalogue-page.test.ts).
 */
export const DIAGNOSTIC_TRIGGERS = {
  syntaxError:
    "A policy file does not parse: JSON/JSONC that is not valid (trailing commas and other JSON5 forms included), or a `.perm` line that is not a statement.",
  unknownKey: "A config object holds a key the reference does not know (a misspelt knob or surface section).",
  invalidAction: "A rule's value is not exactly `allow`, `ask` or `deny` (wrong case, padding, a typo).",
  invalidValue:
    "A value has the wrong type or shape for its key: a knob that is not a boolean or list, an unknown scope name, a `.perm` tool-call test whose input is not an object.",
  emptyKey: "A surface or pattern key is the empty string.",
  reasonTooLong: "A deny reason is longer than 500 characters.",
  duplicateKey: "An object repeats a key; JSON keeps the first position and the last value, so the rule may not be where it reads.",
  integerKeyOrder: 'A key that looks like an integer (`"1"`) is moved to the front of its object by JavaScript, before the keys written above it.',
  mapUnderUniversal: "The universal key `*` holds a map of patterns instead of an action.",
  protoKey: "A key is `__proto__`, which disappears when JavaScript parses the file.",
  byteOrderMark: "A file starts with a UTF-8 byte-order mark, which the reference cannot parse.",
  shadowedRule: "A rule can never decide anything: later rules cover every value it matches (read off the minimized automata).",
  permissiveBashFallback:
    "The universal fallback `*` is `allow` (global and project files) and bash has no `*` rule of its own, so every command that no bash rule matches is allowed.",
  unmatchableChainPattern: "A bash pattern contains a chain operator (`&&`, `;`, `|`); commands are matched one at a time, so it never matches.",
  inlineTestFailed: "A `.perm` `test` line (or tool-call test) gets a different decision from the compiled policy; no module is written.",
  patternTooLong: "A surface key or pattern is longer than the compiler's pattern-length limit.",
  automatonSplit: "The rules of one surface were split into several automata to stay within the state budget (correct, slightly slower).",
  unreadableInput: "A named policy file or an `include`d file cannot be read.",
  unknownInputKind: "An input file's extension is not one permc reads (`.json`, `.jsonc`, `.md`, `.perm`).",
  frontmatterEntryDropped: "An agent file's frontmatter holds an entry the reference skips (not a `key: value` line, or a scope that is not an object).",
  invalidReason: "A reason is not a string, or is attached to an action other than `deny`.",
  noFrontmatter: "An agent Markdown file has no `---` frontmatter block, so it contributes no permissions.",
  globstarHasNoMeaning: "A pattern uses `**`, which means the same as `*` (a `*` already crosses `/`).",
  unknownSurface: "A surface key names no tool the runtime asks about (often a typo of one that does).",
  patternWhitespace: "A pattern starts or ends with spaces, which are matched literally.",
  overriddenDeny: "A deny or ask rule is overridden by a later allow for some values (each such region is shown with an example).",
  tooManyStates: "A pattern, or the surface keys together, need more automaton states than the budget allows.",
  emptyInput: "The compiler was given no policy file.",
  unterminatedComment: "A `/*` comment is never closed; like the reference, everything after it is ignored.",
  ruleOutOfOrder: "A `.perm` rule is written after a rule it is checked before (JavaScript object order), so the page would not read in the order it decides.",
  includeCycle: "`.perm` `include` lines lead back to a file already being read.",
  mixedSurfaceForms: "A `.perm` surface is written both as `<surface> <action>` (every value) and with pattern rules.",
  scopeMismatch: "A `.perm` file's `scope` line names a different scope than the flag it was given with.",
  deprecatedKey: "A key the reference still accepts but has ignored since 26.0.0.",
  mcpToolKeyRelocated:
    "An `mcp__server__tool` rule is written as a top-level surface; permc moves it under `mcp`, where Pi gates MCP tools since reference 38.0.0.",
  unusableDialogKey: "A dialog key binding cannot work: not one printable character, a navigation key (`j`, `k`), an uppercase letter, or used twice.",
} as const satisfies Record<DiagnosticName, string>;

/** Codes never assigned, with the reason; kept out of use so no code is ever renumbered. */
export const UNUSED_CODES: Readonly<Record<string, string>> = {
  PC0022: "never assigned: the catalogue skipped it when it was first written, and codes are never renumbered.",
};
