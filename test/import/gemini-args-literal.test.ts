/**
 * Which Gemini CLI argument regexes permc can say exactly: those fixing one
 * argument's value (`"<argument>":"<literal>"`) or its start. Checked here
 * against the regex itself, run on the JSON text Gemini CLI builds from a
 * tool call (sorted keys, each top-level pair between NUL characters).
 */
import { describe, expect, it } from "vitest";
import { argsPatternLiteral, commandRegexLiteral } from "../../compiler/import/gemini-args-literal.js";

/** The text Gemini CLI 0.61.0 matches an argsPattern against, for a flat tool call. */
const argsText = (args: Record<string, string>) =>
  `{${Object.keys(args)
    .sort()
    .map((k) => `\0${JSON.stringify(k)}:${JSON.stringify(args[k])}\0`)
    .join(",")}}`;

describe("argsPattern literals", () => {
  it.each<[string, string, string, boolean]>([
    ['"file_path":"src/', "file_path", "src/", false],
    [String.raw`\x00"file_path":"README\.md"\x00`, "file_path", "README.md", true],
    [String.raw`\0"command":"npm test"`, "command", "npm test", true],
    ['"command":"git .*', "command", "git ", false],
    ['"command":"ls.*"', "command", "ls", false],
    [String.raw`"agent_name":\s*"cli_help"`, "agent_name", "cli_help", true],
    [String.raw`"command":"echo \\"hi\\""`, "command", 'echo "hi"', true],
    [String.raw`"file_path":"a\\\\b"`, "file_path", "a\\b", true],
  ])("%s → %s %j (exact: %s)", (regex, field, text, exact) => {
    expect(argsPatternLiteral(regex)).toEqual({ field, text, exact });
    // The reading agrees with the regex on the value it names, and on a longer one.
    const re = new RegExp(regex);
    expect(re.test(argsText({ [field]: text, other: "x" }))).toBe(true);
    expect(re.test(argsText({ [field]: `${text}zz`, other: "x" }))).toBe(!exact);
  });

  it.each<[string, string]>([
    [String.raw`\.env`, "it does not start"],
    [String.raw`(\.env|id_rsa)`, "it does not start"],
    ['"file_path":"src/(a|b)', "not a literal"],
    ['"file_path":"src/[ab]', "not a literal"],
    ['"file_path":"src/a+', "not a literal"],
    [String.raw`"file_path":"a\\`, "not a whole JSON string"],
    ['"count":5', "only a string argument"],
    [String.raw`\\0"file_path":"a"\\0`, "it does not start"],
  ])("%s is not read (%s)", (regex, why) => {
    const r = argsPatternLiteral(regex);
    expect("why" in r ? r.why : "read").toContain(why);
  });
});

describe('commandRegex literals (matched after `"command":"`)', () => {
  it.each<[string, string, boolean]>([
    ["make check", "make check", false],
    ['npm run build"', "npm run build", true],
    [String.raw`cargo\ test.*`, "cargo test", false],
  ])("%s → %j (exact: %s)", (regex, text, exact) => {
    expect(commandRegexLiteral(regex)).toEqual({ field: "command", text, exact });
  });

  it.each(["^git", "git (push|pull)", "rm +-rf", String.raw`git\s+push`])("%s is not read", (regex) => {
    expect("why" in commandRegexLiteral(regex)).toBe(true);
  });
});
