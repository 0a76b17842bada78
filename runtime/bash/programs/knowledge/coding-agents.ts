/**
 * Coding agents' command-line programs. Each runs an agent that reads the
 * project, chooses commands and runs them (`claude -p "tidy up"`,
 * `opencode run …`, `pi -p …`, `codex exec …`): what runs is decided by a
 * model and by the agent's own permissions, which live in its configuration
 * or its options (`--dangerously-skip-permissions`, `--yolo`, `--auto`; Pi
 * has none without an extension), not in this policy. permc reads none of
 * it, so every command of theirs is floored, as a shell given unknown input
 * is; the bare name too, since it starts an agent. `pi` is also the name of
 * a program that prints digits of π; that one asks too.
 *
 * Except a version or help flag alone, for the two native programs traced
 * (strace, with a hostile `.claude/settings.json` in the home and the
 * project: an `apiKeyHelper`, a SessionStart hook, `env.NODE_OPTIONS`):
 * `claude --version`, `-v`, `--help` and `-h` ran nothing and opened nothing
 * there; `opencode --version`, `-v` and `--help` ran nothing and only made
 * its own data directories. gemini, codex and pi start with `#!/usr/bin/env
 * node`, a program found through PATH, and stay floored; `gemini --version`
 * also read its settings and the project's `.env` (strace).
 */
import type { ProgramRecord } from "../program-record.js";
import { recordGroup } from "./record-group.js";

const AGENT = "a coding agent's program runs an agent that chooses and runs commands of its own, under its own configuration's permissions";

const agent = (names: readonly string[], why: string, exceptAlone?: readonly string[]): ProgramRecord => ({
  names,
  always: { unsure: why },
  ...(exceptAlone !== undefined ? { exceptAlone } : {}),
});

export const CODING_AGENTS = recordGroup((): readonly ProgramRecord[] => [
  agent(["claude"], AGENT, ["--version", "-v", "--help", "-h"]),
  agent(["opencode"], AGENT, ["--version", "-v", "--help"]),
  agent(["gemini", "pi", "aider", "cursor-agent", "qwen", "crush", "amp", "copilot"], AGENT),
  agent(["codex"], "codex runs an agent that chooses and runs commands of its own, and codex sandbox runs any command"),
]);
