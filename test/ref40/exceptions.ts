/**
 * Where permc deliberately decides differently from pi-permission-system
 * 40.1.4 on a ref40 vector. Every entry is stricter (never weaker) and says
 * why; the row tests assert exactly this decision, and the summary test
 * keeps the equal share at 90 % or more.
 */
import type { Action } from "./harness.js";

export interface Stricter {
  /** What permc decides. */
  readonly permc: Action;
  readonly why: string;
}

const REFUSED_SCOPE =
  "permc refuses to compile an invalid higher-precedence scope (the reference loads the rest and clamps every allow to ask at run time, 21.0.0); " +
  "with no module written the runtime denies every call (D-config-invalid-scope)";
const SESSION_NEVER_LIFTS_DENY =
  "a session approval lifts only an ask: permc never lets one override a config deny (the reference appends session rules after the config rules, so a later session allow wins; D-tool-session-approvals)";

export const STRICTER: Readonly<Record<string, Stricter>> = {
  // pipeline.jsonl, bash rows
  "pipe-015": {
    permc: "ask",
    why: "the command may reassign HOME, so `$HOME/shadow` is a path permc cannot know, and it may hit `/etc/*` (40.1.4 drops such a token, a weakness the ref40 vectors' README notes: D-bash-home-reassigned)",
  },
  // checks.jsonl
  "check-019": { permc: "deny", why: SESSION_NEVER_LIFTS_DENY },
  "check-021": { permc: "deny", why: SESSION_NEVER_LIFTS_DENY },
  "check-045": { permc: "deny", why: SESSION_NEVER_LIFTS_DENY },
  "check-049": {
    permc: "deny",
    why: "a deny reason that is not a string makes the file invalid; the reference drops the whole file (leaving ask), permc refuses to compile it (no module: deny; D-config-rejected-file)",
  },
  "check-026": {
    permc: "deny",
    why: 'a bash call without `command` has nothing to decide and is denied with a message; the reference reads the command as `""` and asks (D-tool-missing-input)',
  },
  "check-093": {
    permc: "ask",
    why: "permc's session store matches a win32 approval case- and separator-exactly (runtime/session-rules.ts); the reference folds both, so `C:\\Users\\Foo\\pi\\*` does not lift `c:\\users\\foo\\…` here (D-tool-session-win32)",
  },
  // pipeline.jsonl
  "pipe-011": {
    permc: "deny",
    why: "a built-in file tool is checked on the file Pi opens (`<cwd>/$HOME/.ssh/config`, which 40.1.4 allows) and also on the 20.7.2 spelling (`$HOME` expanded: `~/.ssh/config`, denied); the stricter answer wins, so a host that expands `$HOME` cannot open the key (D-tool-20-spelling)",
  },
  // scopes.jsonl
  "scope-001": { permc: "deny", why: REFUSED_SCOPE },
  "scope-003": { permc: "deny", why: REFUSED_SCOPE },
  "scope-004": { permc: "deny", why: `${REFUSED_SCOPE}; permc refuses an invalid global file too (the reference just drops it)` },
  "scope-005": { permc: "deny", why: `${REFUSED_SCOPE}; yolo cannot revive a module that was never written` },
  "scope-008": { permc: "deny", why: `${REFUSED_SCOPE}; an agent file that exists but cannot be read is an unreadable input (D-config-unreadable-agent)` },
};

/** Rows that need the bash analysis (runtime/bash/, the lead's); they run in the bash vector tests. */
export const BASH_ROWS = (row: { readonly call: { readonly tool?: string } }): boolean => row.call.tool === "bash";
