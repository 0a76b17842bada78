/**
 * Coding agents' command-line programs. Each runs an agent that reads the
 * project, chooses commands and runs them (`claude -p "tidy up"`,
 * `opencode run …`, `pi -p …`, `codex exec …`): what runs is decided by a
 * model and by the agent's own permissions, which live in its configuration
 * or its options (`--dangerously-skip-permissions`, `--yolo`, `--auto`; Pi
 * has none without an extension), not in this policy. permc reads none of
 * it, so every command of theirs is floored, as a shell given unknown input
 * is; `claude --version` too, since the name alone starts an agent. `pi` is
 * also the name of a program that prints digits of π; that one asks too.
 */
import type { ProgramRecord } from "../program-record.js";
import { recordGroup } from "./record-group.js";

const agent = (names: readonly string[], why: string): ProgramRecord => ({ names, always: { unsure: why } });

export const CODING_AGENTS = recordGroup((): readonly ProgramRecord[] => [
  agent(
    ["claude", "gemini", "opencode", "pi", "aider", "cursor-agent", "qwen", "crush", "amp", "copilot"],
    "a coding agent's program runs an agent that chooses and runs commands of its own, under its own configuration's permissions",
  ),
  agent(["codex"], "codex runs an agent that chooses and runs commands of its own, and codex sandbox runs any command"),
]);
