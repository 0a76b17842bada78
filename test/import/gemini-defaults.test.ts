/**
 * The base every Gemini import starts from (compiler/import/gemini-defaults.ts)
 * says what Gemini CLI's shipped default tier decides in the default mode of
 * an interactive session. Checked here against the shipped files, read with
 * a small model of the policy engine written for this test: for each tool a
 * rule names outright (no argument, server, subagent or annotation
 * condition), the rule of highest priority that applies in that session.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GEMINI_DEFAULT_ALLOWED_TOOLS } from "../../compiler/import/gemini-defaults.js";
import { readGeminiPolicyFile, type GeminiRule } from "../../compiler/import/gemini-policy-file.js";
import { GEMINI_POLICIES_DIR } from "../support/fixtures.js";

const DEFAULTS = path.join(GEMINI_POLICIES_DIR, "defaults");

function shippedRules(): GeminiRule[] {
  return readdirSync(DEFAULTS)
    .sort()
    .flatMap((f) => {
      const read = readGeminiPolicyFile(f, readFileSync(path.join(DEFAULTS, f), "utf8"));
      if ("error" in read) throw new Error(read.error);
      return read.rules;
    });
}

/** Each tool's decision in the default mode, interactive, from rules that name it without conditions. */
function defaultModeDecisions(): Map<string, string> {
  const best = new Map<string, { priority: number; decision: string }>();
  for (const r of shippedRules()) {
    const applies = (r.modes === undefined || r.modes.length === 0 || r.modes.includes("default")) && r.interactive !== false;
    const unconditional = r.subagent === undefined && r.toolAnnotations === undefined && r.mcpName === undefined;
    const onArguments = r.argsPattern !== undefined || r.commandPrefix !== undefined || r.commandRegex !== undefined;
    if (!applies || !unconditional || onArguments) continue;
    for (const tool of r.toolNames) {
      const held = best.get(tool);
      if (held === undefined || r.priority > held.priority) best.set(tool, { priority: r.priority, decision: r.decision });
    }
  }
  return new Map([...best].map(([tool, { decision }]) => [tool, decision]));
}

describe("the Gemini import's base is Gemini CLI's shipped default tier", () => {
  const decisions = defaultModeDecisions();
  const withDecision = (d: string) =>
    [...decisions]
      .filter(([, x]) => x === d)
      .map(([t]) => t)
      .sort();

  it("allows what the shipped files allow, but the subagents' own names (invoke_agent covers them)", () => {
    expect(withDecision("allow")).toEqual([...GEMINI_DEFAULT_ALLOWED_TOOLS, "cli_help", "codebase_investigator"].sort());
  });

  it("denies nothing but exit_plan_mode, which the base leaves at ask (it applies in plan mode too)", () => {
    expect(withDecision("deny")).toEqual(["exit_plan_mode"]);
    expect(GEMINI_DEFAULT_ALLOWED_TOOLS).not.toContain("exit_plan_mode");
  });

  it("asks for the rest it names, which the import's default (ask) already does", () => {
    // `discovered_tool_*` is a literal name to Gemini CLI's engine (its `*` is no wildcard there): it matches no tool.
    expect(withDecision("ask_user")).toEqual([
      "activate_skill",
      "discovered_tool_*",
      "enter_plan_mode",
      "replace",
      "run_shell_command",
      "web_fetch",
      "write_file",
    ]);
  });
});
