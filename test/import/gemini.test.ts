/**
 * `permc import gemini`: Gemini CLI policy rules decide in permc as Gemini
 * CLI 0.61.0's policy engine decides them (the highest priority wins, tiers
 * first; of equals, the rule loaded first), in its default approval mode,
 * interactive. Decision tables compile the import and ask the policy.
 */
import { describe, expect, it } from "vitest";
import { importGemini, renderPerm, type GeminiSource, type ImportResult } from "../../compiler/import/index.js";
import { compileAndLoad } from "../support/compile-and-load.js";
import { decide, importAndCompile } from "./helpers.js";

const POLICY = String.raw`
[[rule]]
toolName = "run_shell_command"
commandPrefix = "git"
decision = "allow"
priority = 100

[[rule]]
toolName = "run_shell_command"
commandPrefix = ["git push", "git reset --hard"]
decision = "ask_user"
priority = 200

[[rule]]
toolName = "run_shell_command"
commandPrefix = "git push --force"
decision = "deny"
priority = 300
denyMessage = "never rewrite remote history"

# Later in the file, lower priority: it loses to the deny above.
[[rule]]
toolName = "run_shell_command"
commandPrefix = "git push --force"
decision = "allow"
priority = 50

[[rule]]
toolName = "run_shell_command"
commandRegex = "make check"
decision = "allow"
priority = 100

[[rule]]
toolName = "read_file"
argsPattern = '"file_path":"secrets/'
decision = "deny"
priority = 100

[[rule]]
toolName = ["write_file", "replace"]
argsPattern = '\x00"file_path":"README\.md"\x00'
decision = "allow"
priority = 100

[[rule]]
toolName = "*"
mcpName = "github"
decision = "ask_user"
priority = 100

[[rule]]
toolName = "get_issue"
mcpName = "github"
decision = "allow"
priority = 150

[[rule]]
toolName = "mcp_my_srv_drop_db"
decision = "deny"
priority = 100

[[rule]]
toolName = "search_file_content"
decision = "deny"
priority = 100

[[rule]]
toolName = "web_fetch"
decision = "deny"
priority = 100
`;

describe("gemini import decides as Gemini CLI's policy engine", () => {
  it.each([
    ["bash", "git status", "allow"],
    ["bash", "git", "allow"],
    ["bash", "gitk", "ask"],
    ["bash", "git push origin main", "ask"],
    ["bash", "git reset --hard HEAD~1", "ask"],
    ["bash", "git push --force origin", "deny"],
    ["bash", "make check", "allow"],
    // A commandRegex has no end anchor and no word boundary: `make check` starts `make checkout` too.
    ["bash", "make checkout", "allow"],
    ["bash", "ls", "ask"],
    ["read", "secrets/prod.key", "deny"],
    ["read", "src/index.ts", "allow"],
    ["write", "README.md", "allow"],
    ["edit", "README.md", "allow"],
    ["write", "README.md.bak", "ask"],
    ["mcp", "github:create_issue", "ask"],
    ["mcp", "github:get_issue", "allow"],
    // A server name may hold `_`: each place the full name can split is covered.
    ["mcp", "my_srv:drop_db", "deny"],
    ["mcp", "my:srv_drop_db", "deny"],
    ["mcp", "slack:post", "ask"],
    ["grep", "src", "deny"],
    ["web_fetch", "*", "deny"],
    ["google_web_search", "*", "allow"],
  ])("%s %j → %s", async (surface, value, expected) => {
    const { policy, errors } = await importAndCompile("gemini", "policy.toml", POLICY);
    expect(errors).toEqual([]);
    expect(decide(policy!, surface, value)).toBe(expected);
  });

  it("writes rules from the lowest priority to the highest, the deny message as the reason", async () => {
    const { perm } = await importAndCompile("gemini", "policy.toml", POLICY);
    expect(perm).toContain('bash "git push --force *" deny "never rewrite remote history"');
    expect(perm.indexOf('"git *" allow')).toBeLessThan(perm.indexOf('"git push *" ask'));
    expect(perm.indexOf('"git push *" ask')).toBeLessThan(perm.indexOf('"git push --force *" deny'));
  });

  it("starts from Gemini CLI's own defaults: reading tools allowed, everything else asks", async () => {
    const { policy, result } = await importAndCompile("gemini", "empty.toml", "");
    expect(result.defaultAction).toBe("ask");
    for (const surface of ["read", "grep", "find", "ls", "google_web_search", "invoke_agent"]) expect(decide(policy!, surface, "x")).toBe("allow");
    for (const surface of ["bash", "write", "edit", "web_fetch", "mcp", "skill"]) expect(decide(policy!, surface, "x")).toBe("ask");
  });
});

/** Several sources, as `permc init gemini` reads them, compiled. */
async function importSources(sources: GeminiSource[]): Promise<{ result: ImportResult; check: (surface: string, value: string) => string }> {
  const result = importGemini(sources);
  if ("error" in result) throw new Error(result.error);
  const compiled = await compileAndLoad([{ file: "imported.perm", text: renderPerm(result), scope: "global", kind: "perm-dsl" }]);
  expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return { result, check: (surface, value) => decide(compiled.policy!, surface, value) };
}

const rule = (prefix: string, decision: string, priority: number) =>
  `[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "${prefix}"\ndecision = "${decision}"\npriority = ${priority}\n`;

describe("gemini import: tiers and ties", () => {
  it("a higher tier wins whatever the priorities (admin 5, user 4, workspace 3)", async () => {
    const { check } = await importSources([
      { file: "admin.toml", text: rule("rm", "deny", 0), tier: "admin" },
      { file: "user.toml", text: rule("rm", "allow", 999) + rule("curl", "deny", 0), tier: "user" },
      { file: "project.toml", text: rule("curl", "allow", 999), tier: "workspace" },
    ]);
    expect(check("bash", "rm -rf build")).toBe("deny");
    expect(check("bash", "curl example.com")).toBe("deny");
  });

  it("of two rules with the same priority, the one Gemini CLI loads first wins (file order, then files in the order given)", async () => {
    const { check, result } = await importSources([
      { file: "a.toml", text: rule("rm", "deny", 10) + rule("rm", "allow", 10), tier: "user" },
      { file: "b.toml", text: rule("curl", "allow", 10), tier: "user" },
      { file: "c.toml", text: rule("curl", "deny", 10), tier: "user" },
    ]);
    expect(check("bash", "rm x")).toBe("deny");
    expect(check("bash", "curl x")).toBe("allow");
    // Gemini CLI lists a folder in the file system's order: a tie across files is said to depend on it.
    expect(result.notes.some((n) => n.kind === "assumed" && n.message.includes("several files") && n.message.includes("b.toml rule #1"))).toBe(true);
  });

  it("a rule for every tool becomes the default, and what it outranks is left out", async () => {
    const text = `${rule("git", "allow", 5)}[[rule]]\ntoolName = "*"\ndecision = "deny"\npriority = 10\n\n[[rule]]\ntoolName = "read_file"\ndecision = "allow"\npriority = 20\n`;
    const { check, result } = await importSources([{ file: "p.toml", text, tier: "user" }]);
    expect(result.defaultAction).toBe("deny");
    expect(check("bash", "git status")).toBe("deny");
    expect(check("grep", "src")).toBe("deny");
    expect(check("read", "src/a.ts")).toBe("allow");
    expect(result.notes.some((n) => n.source === "p.toml rule #2 (line 6)" && n.message.includes("never decide"))).toBe(true);
  });

  it("names the file of a source Gemini CLI would reject", () => {
    const r = importGemini([
      { file: "ok.toml", text: rule("ls", "allow", 1), tier: "user" },
      { file: "bad.toml", text: '[[rule]]\ntoolName = "x"\ndecision = "ask"\npriority = 1\n', tier: "user" },
    ]);
    expect(r).toEqual({ error: expect.stringMatching(/^bad\.toml: Gemini CLI rejects this file \(bad\.toml rule #1 \(line 1\): decision must be/) });
  });
});

/** The notes of one import, as `kind[ WIDENS]: message` for the rule `label`. */
async function notesFor(text: string): Promise<string[]> {
  const { result, errors } = await importAndCompile("gemini", "p.toml", text);
  expect(errors).toEqual([]);
  return result.notes.filter((n) => n.source?.startsWith("p.toml")).map((n) => `${n.kind}${n.widens ? " WIDENS" : ""}: ${n.message}`);
}

const one = (fields: string) => `[[rule]]\n${fields}\n`;

describe("gemini import: what does not translate is reported", () => {
  it.each<[string, string, string]>([
    [
      "a deny only in plan mode",
      one('toolName = "write_file"\ndecision = "deny"\npriority = 1\nmodes = ["plan"]'),
      "dropped WIDENS: applies only in Gemini CLI's plan mode",
    ],
    [
      "an allow only in yolo mode (narrows)",
      one('toolName = "*"\ndecision = "allow"\npriority = 1\nmodes = ["yolo"]'),
      "dropped: applies only in Gemini CLI's yolo mode",
    ],
    [
      "an ask for non-interactive runs",
      one('toolName = "web_fetch"\ndecision = "ask_user"\npriority = 1\ninteractive = false'),
      "dropped WIDENS: applies only when Gemini CLI runs non-interactively",
    ],
    [
      "a subagent's rule",
      one('toolName = "run_shell_command"\nsubagent = "generalist"\ndecision = "deny"\npriority = 1'),
      "dropped WIDENS: applies only to the calls of the subagent",
    ],
    [
      "tool annotations",
      one('toolName = "*"\nmcpName = "*"\ntoolAnnotations = { readOnlyHint = false }\ndecision = "deny"\npriority = 1'),
      "dropped WIDENS: matches on the tool's annotations",
    ],
    [
      "a regex that is no literal",
      one('toolName = "run_shell_command"\ncommandRegex = "git (push|pull)"\ndecision = "deny"\npriority = 1'),
      "dropped WIDENS: commandRegex is not a literal",
    ],
    [
      "an unanchored argsPattern",
      one('toolName = "grep_search"\nargsPattern = "\\\\.env"\ndecision = "deny"\npriority = 1'),
      "dropped WIDENS: argsPattern is not a literal or a literal prefix of one argument (it does not start",
    ],
    [
      "an argsPattern on another argument",
      one('toolName = "write_file"\nargsPattern = \'"content":"x\'\ndecision = "deny"\npriority = 1'),
      "permc decides write_file on `file_path`",
    ],
    [
      "arguments of a tool permc checks by name",
      one('toolName = "web_fetch"\nargsPattern = \'"prompt":"x\'\ndecision = "deny"\npriority = 1'),
      "dropped WIDENS: permc checks web_fetch by its name only",
    ],
    [
      "arguments of an MCP tool",
      one('toolName = "mcp_github_create_issue"\nargsPattern = \'"repo":"x\'\ndecision = "deny"\npriority = 1'),
      "dropped WIDENS: permc checks an MCP tool by its server and name only",
    ],
    [
      "a subagent named as a tool",
      one('toolName = "codebase_investigator"\ndecision = "deny"\npriority = 1'),
      "dropped WIDENS: codebase_investigator is a Gemini CLI subagent",
    ],
    [
      "a safety checker",
      '[[safety_checker]]\ntoolName = "*"\npriority = 1\n[safety_checker.checker]\ntype = "external"\nname = "mine"\n',
      "dropped WIDENS: a safety checker (external mine)",
    ],
    [
      "an allowed prefix with a `*` (literal in Gemini CLI)",
      one('toolName = "run_shell_command"\ncommandPrefix = "ls *"\ndecision = "allow"\npriority = 1'),
      'inexact WIDENS: commandPrefix "ls *": `*`/`?` are literal',
    ],
    [
      "an allowed regex prefix ending in a blank",
      one('toolName = "run_shell_command"\ncommandRegex = "npm "\ndecision = "allow"\npriority = 1'),
      "inexact WIDENS: commandRegex ends in a blank",
    ],
    [
      "a prefix with outer blanks, denied (denies more)",
      one('toolName = "run_shell_command"\ncommandPrefix = " rm"\ndecision = "deny"\npriority = 1'),
      'inexact: commandPrefix " rm": Gemini CLI matches its outer blanks literally',
    ],
    [
      "a wildcard Gemini CLI reads literally (matches nothing there)",
      one('toolName = "discovered_tool_*"\ndecision = "deny"\npriority = 1'),
      "dropped: toolName discovered_tool_*: Gemini CLI reads this `*` literally",
    ],
    [
      "the old `__` MCP form (matches nothing there)",
      one('toolName = "github__create_issue"\ndecision = "deny"\npriority = 1'),
      "dropped: toolName github__create_issue: the `__` form",
    ],
    [
      "a tool name that is a permc surface",
      one('toolName = "bash"\ndecision = "allow"\npriority = 1'),
      "dropped: toolName bash: no Gemini CLI tool has this name",
    ],
    [
      "a regex Gemini CLI refuses",
      one('toolName = "run_shell_command"\ncommandRegex = "(a+)+"\ndecision = "deny"\npriority = 1'),
      "dropped: Gemini CLI refuses its commandRegex",
    ],
    [
      "an empty commandPrefix list",
      one('toolName = "run_shell_command"\ncommandPrefix = []\ndecision = "deny"\npriority = 1'),
      "dropped: commandPrefix is an empty list",
    ],
    [
      "a key the loader does not read",
      one('toolName = "ls"\ncommandprefix = "x"\ndecision = "allow"\npriority = 1'),
      "info: `commandprefix` is not a key Gemini CLI's policy loader reads",
    ],
    [
      "a rule for some modes only",
      one('toolName = "read_file"\ndecision = "allow"\npriority = 1\nmodes = ["default", "autoEdit"]'),
      "info: Gemini CLI applies it only in the default, autoEdit modes",
    ],
    [
      "commandPrefix on a list of tools",
      one('toolName = ["run_shell_command"]\ncommandPrefix = "ls"\ndecision = "allow"\npriority = 1'),
      "info: Gemini CLI reports this rule",
    ],
  ])("%s", async (_what, text, expected) => {
    expect(await notesFor(text)).toContainEqual(expect.stringContaining(expected));
  });

  it.each<[string, string]>([
    ["decision", '[[rule]]\ntoolName = "x"\ndecision = "ask"\npriority = 1'],
    ["priority", '[[rule]]\ntoolName = "x"\ndecision = "deny"\npriority = 1000'],
    ["priority", '[[rule]]\ntoolName = "x"\ndecision = "deny"\npriority = 1.5'],
    ["priority is required", '[[rule]]\ntoolName = "x"\ndecision = "deny"'],
    ["toolName is required", '[[rule]]\ndecision = "deny"\npriority = 1'],
    ["an empty toolName", '[[rule]]\ntoolName = ""\ndecision = "deny"\npriority = 1'],
    ["modes must be a list of", '[[rule]]\ntoolName = "x"\ndecision = "deny"\npriority = 1\nmodes = ["auto"]'],
    ["`rule` must be a list of tables", '[rule]\ntoolName = "x"'],
    ["checker.type", '[[safety_checker]]\ntoolName = "x"\n[safety_checker.checker]\ntype = "remote"'],
    ["not TOML Gemini CLI can read", "[[rule]\n"],
  ])("a file Gemini CLI rejects is an error (%s)", async (message, text) => {
    const r = importGemini([{ file: "p.toml", text, tier: "user" }]);
    expect("error" in r ? r.error : "imported").toContain(message);
  });
});

describe("gemini import: argument literals", () => {
  it.each<[string, string, string, string]>([
    ["an exact command", String.raw`'\x00"command":"npm test"\x00'`, "npm test", "allow"],
    ["an exact command (not its longer forms)", String.raw`'\x00"command":"npm test"\x00'`, "npm test --watch", "ask"],
    ["a basic TOML string, escapes doubled", String.raw`"\\0\"command\":\"npm ci\""`, "npm ci", "allow"],
    ["a command prefix with `.*`", '\'"command":"cargo .*\'', "cargo build", "allow"],
    ["`\\s*` after the colon (no blanks in Gemini CLI's JSON)", '\'"command":\\s*"pwd"\'', "pwd", "allow"],
    ["escaped punctuation", '\'"command":"node \\./x\\.js"\'', "node ./x.js", "allow"],
  ])("%s", async (_what, pattern, command, expected) => {
    const text = `[[rule]]\ntoolName = "run_shell_command"\nargsPattern = ${pattern}\ndecision = "allow"\npriority = 1\n`;
    const { policy, errors } = await importAndCompile("gemini", "p.toml", text);
    expect(errors).toEqual([]);
    expect(decide(policy!, "bash", command)).toBe(expected);
  });
});
