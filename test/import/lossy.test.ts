/**
 * Which import notes make the result more permissive than its source (a
 * deny or ask lost or narrowed, an allow widened): `permc import` refuses
 * those unless --accept-lossy. Table-driven over the four formats.
 */
import { describe, expect, it } from "vitest";
import { importPolicy, lossyNotes, type ImportFormat } from "../../compiler/import/index.js";

const claude = (permissions: unknown) => JSON.stringify({ permissions });
const opencode = (permission: unknown) => JSON.stringify({ permission });
const codex = (body: string) => body;
const gemini = (fields: string) => `[[rule]]\n${fields}\n`;

function lossy(format: ImportFormat, text: string): string[] {
  const r = importPolicy(format, "in", text);
  if ("error" in r) throw new Error(r.error);
  return lossyNotes(r).map((n) => n.source ?? n.message);
}

describe("lossy imports are flagged", () => {
  it.each<[string, ImportFormat, string, number]>([
    ["claude: deny given as a string, not a list", "claude", claude({ deny: "Bash(rm:*)" }), 1],
    ["claude: ask given as a string", "claude", claude({ ask: "Bash(git push:*)" }), 1],
    ["claude: a non-string deny entry", "claude", claude({ deny: [42] }), 1],
    ["claude: an unparseable deny rule", "claude", claude({ deny: ["Bash(rm"] }), 1],
    ["claude: a deny on a tool permc checks by name only", "claude", claude({ deny: ["WebFetch(domain:evil.example)"] }), 1],
    ["claude: a character class in a denied path", "claude", claude({ deny: ["Read(./secrets/[ab].txt)"] }), 1],
    ["claude: an allowed path whose `*` crosses directories", "claude", claude({ allow: ["Read(src/*.ts)"] }), 1],
    ["claude: `:*` inside an allowed pattern", "claude", claude({ allow: ["Bash(npm run test:* --watch)"] }), 1],
    ["claude: plan mode", "claude", claude({ defaultMode: "plan" }), 1],
    ["claude: dontAsk mode", "claude", claude({ defaultMode: "dontAsk" }), 1],
    ["opencode: a deny spelled `Deny`", "opencode", opencode({ bash: { "rm *": "Deny" } }), 1],
    ["opencode: a deny pattern on a tool permc checks by name", "opencode", opencode({ webfetch: { "https://evil/*": "deny" } }), 1],
    ["opencode: doom_loop ask", "opencode", opencode({ doom_loop: "ask" }), 1],
    ["codex: a forbidden rule with an unknown pattern element", "codex", codex('prefix_rule(pattern=["rm", 1], decision="forbidden")\n'), 1],
    ["codex: an unknown decision", "codex", codex('prefix_rule(pattern=["rm"], decision="deny")\n'), 1],
    ["codex: a forbidden token with whitespace", "codex", codex('prefix_rule(pattern=["git", "push --force"], decision="forbidden")\n'), 1],
    ["codex: an allowed token with a `*`", "codex", codex('prefix_rule(pattern=["ls", "*"], decision="allow")\n'), 1],
    ["codex: a line that does not parse", "codex", codex("prefix_rule(pattern=[\n"), 1],
    ["codex: a network_rule that denies", "codex", codex('network_rule(host="evil.example", protocol="https", decision="deny")\n'), 1],
    ["codex: a network_rule that prompts", "codex", codex('network_rule(host="api.example", protocol="https", decision="prompt")\n'), 1],
    ["gemini: a deny for plan mode only", "gemini", gemini('toolName = "write_file"\ndecision = "deny"\npriority = 1\nmodes = ["plan"]'), 1],
    ["gemini: an ask for non-interactive runs only", "gemini", gemini('toolName = "*"\ndecision = "ask_user"\npriority = 1\ninteractive = false'), 1],
    [
      "gemini: a deny whose regex is no literal",
      "gemini",
      gemini('toolName = "run_shell_command"\ncommandRegex = "rm +-rf"\ndecision = "deny"\npriority = 1'),
      1,
    ],
    [
      "gemini: a deny on an MCP tool's arguments",
      "gemini",
      gemini('toolName = "*"\nmcpName = "db"\nargsPattern = \'"sql":"DROP\'\ndecision = "deny"\npriority = 1'),
      1,
    ],
    ["gemini: an allowed prefix with a `*`", "gemini", gemini('toolName = "run_shell_command"\ncommandPrefix = "ls *"\ndecision = "allow"\npriority = 1'), 1],
    [
      "gemini: a safety checker",
      "gemini",
      '[[safety_checker]]\ntoolName = "replace"\n[safety_checker.checker]\ntype = "in-process"\nname = "allowed-path"\n',
      1,
    ],
  ])("%s", (_what, format, text, count) => {
    expect(lossy(format, text)).toHaveLength(count);
  });

  it.each<[string, ImportFormat, string]>([
    ["claude: exact rules", "claude", claude({ allow: ["Bash(git status)"], ask: ["Bash(git push:*)"], deny: ["Read(./.env)", "Bash(rm -rf:*)"] })],
    ["claude: a denied path whose `*` crosses directories (denies more)", "claude", claude({ deny: ["Read(secrets/*.key)"] })],
    ["claude: an allow given as a string (dropping an allow narrows)", "claude", claude({ allow: "Bash(ls)" })],
    ["claude: an unknown key (Claude ignores it too)", "claude", claude({ allowFileAccess: true })],
    ["claude: a project-rooted allow whose leading `*` reaches outside (the external_directory gate asks there)", "claude", claude({ allow: ["Edit(/**)"] })],
    ["opencode: exact rules", "opencode", opencode({ bash: { "*": "ask", "git *": "allow", "rm *": "deny" }, edit: "ask" })],
    ["opencode: an allow pattern on a tool permc checks by name (narrows)", "opencode", opencode({ webfetch: { "https://docs/*": "allow" } })],
    ["opencode: a value that is not an action and not near one", "opencode", opencode({ bash: { "ls *": "sometimes" } })],
    ["codex: exact rules", "codex", codex('prefix_rule(pattern=["git", "push"], decision="forbidden")\nprefix_rule(pattern=["ls"])\n')],
    ["codex: a forbidden token with a `*` (denies more)", "codex", codex('prefix_rule(pattern=["rm", "-rf*"], decision="forbidden")\n')],
    ["codex: a network_rule that allows (permc gates no network)", "codex", codex('network_rule(host="pypi.org", protocol="https", decision="allow")\n')],
    [
      "codex: a forbidden rule whose program host_executable limits to listed paths (denies more)",
      "codex",
      codex('prefix_rule(pattern=["rm"], decision="forbidden")\nhost_executable(name="rm", paths=["/bin/rm"])\n'),
    ],
    [
      "gemini: exact rules",
      "gemini",
      gemini('toolName = "run_shell_command"\ncommandPrefix = ["git push", "rm"]\ndecision = "deny"\npriority = 5') +
        gemini('toolName = "*"\nmcpName = "db"\ndecision = "ask_user"\npriority = 1'),
    ],
    ["gemini: an allow for yolo mode only (dropping an allow narrows)", "gemini", gemini('toolName = "*"\ndecision = "allow"\npriority = 1\nmodes = ["yolo"]')],
    [
      "gemini: a deny on a name Gemini CLI matches literally (it denies nothing there)",
      "gemini",
      gemini('toolName = "my_tool_*"\ndecision = "deny"\npriority = 1'),
    ],
    [
      "gemini: a denied prefix with a `*` (denies more)",
      "gemini",
      gemini('toolName = "run_shell_command"\ncommandPrefix = "rm *"\ndecision = "deny"\npriority = 1'),
    ],
  ])("%s: not lossy", (_what, format, text) => {
    expect(lossy(format, text)).toEqual([]);
  });
});
