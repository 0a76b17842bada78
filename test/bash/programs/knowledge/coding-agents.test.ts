/**
 * knowledge/coding-agents.ts as a table (issue 37): a coding agent's program
 * runs commands its agent chooses, under permissions this policy does not set.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("coding-agents", [
  { command: "claude -p 'tidy up the repository'", want: "ask", why: "Claude Code's agent chooses its commands (its settings may allow any)" },
  { command: "claude --dangerously-skip-permissions -p 'free some disk space'", want: "ask", why: "and runs them unasked when told to" },
  { command: "opencode run 'remove the build output'", want: "ask", why: "OpenCode runs what its configuration allows, and with --auto what it does not deny" },
  { command: "gemini --yolo -p 'clean the home directory'", want: "ask", why: "Gemini CLI in yolo mode runs every tool call" },
  { command: "pi -p 'clean up'", want: "ask", why: "Pi without a permission extension runs every tool call" },
  { command: "aider --yes-always --message 'refactor'", want: "ask", why: "aider runs the shell commands its model suggests" },
  { command: "codex exec 'fix the tests'", want: "ask", why: "codex runs an agent, and codex sandbox runs any command" },
  { command: "cd pkg && claude -p hi", want: "ask", why: "wherever it runs" },
  { command: "echo claude -p hi", want: "allow", why: "a program's name as text is not a run of it" },
  { command: "claude --version", want: "allow", why: "a version flag alone prints and exits (traced)" },
  { command: "claude -h", want: "allow", why: "and a help flag" },
  { command: "opencode --version", want: "allow", why: "opencode's too" },
  { command: "claude", want: "ask", why: "the bare name starts an agent" },
  { command: "claude --version -p hi", want: "ask", why: "only a flag alone" },
  { command: "opencode -h", want: "ask", why: "a flag not traced" },
  { command: "gemini --version", want: "ask", why: "gemini starts through a node found on PATH" },
]);
