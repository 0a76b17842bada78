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
  integerKeyOrder: kind(8, "integer-key-order", "warning", "JavaScript moves integer-like keys to the front of an object, so this rule is checked before the keys written above it"),
  mapUnderUniversal: kind(9, "map-under-universal", "warning", "write the universal fallback as an action string, e.g. `\"*\": \"ask\"`"),
  protoKey: kind(10, "proto-key", "warning", "`__proto__` vanishes when JavaScript parses the file; rename or remove it"),
  byteOrderMark: kind(11, "byte-order-mark", "error", "save the file as UTF-8 without a byte-order mark; the reference cannot parse it"),
  shadowedRule: kind(12, "shadowed-rule", "warning", "remove the rule or move it after the rules that cover it"),
  permissiveBashFallback: kind(13, "permissive-bash-fallback", "warning", "set an explicit bash policy, e.g. `\"bash\": { \"*\": \"ask\" }`"),
  unmatchableChainPattern: kind(14, "unmatchable-chain-pattern", "warning", "bash rules match one command at a time; write a rule for each command of the chain"),
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
  unterminatedComment: kind(30, "unterminated-comment", "warning", "close the comment with `*/`; like the reference, permc ignores everything after an unclosed `/*`"),
  ruleOutOfOrder: kind(31, "rule-out-of-order", "error", "move the rule up to where it is checked, so the page reads in the order it decides"),
  includeCycle: kind(32, "include-cycle", "error", "remove one of the `include` lines that lead back to this file"),
  mixedSurfaceForms: kind(33, "mixed-surface-forms", "error", "write the surface either as `<surface> <action>` (every value) or as pattern rules, not both"),
  scopeMismatch: kind(34, "scope-mismatch", "error", "drop the `scope` line, or name the file with the matching --global/--project/--agent/--project-agent flag"),
  deprecatedKey: kind(35, "deprecated-key", "warning", "remove the key; the reference still validates it but has ignored its value since 26.0.0"),
  mcpToolKeyRelocated: kind(36, "mcp-tool-key-relocated", "info", "move the rule under `mcp`, e.g. `\"mcp\": { \"mcp__server__tool\": \"deny\" }`; Pi's MCP tools are gated on the `mcp` surface since reference 38.0.0"),
  unusableDialogKey: kind(37, "unusable-dialog-key", "warning", "bind a single printable character other than `j`, `k` or an uppercase letter, and use each key once"),
} as const satisfies Record<string, DiagnosticKind>;

export type DiagnosticName = keyof typeof DIAGNOSTICS;
