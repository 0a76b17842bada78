/**
 * knowledge/git.ts as a table (issue 37): git's record: subcommands, REV:PATH
 * objects, -c keys that run programs, remotes that run a command, clone's
 * destination.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("git", [
  { command: "git status", want: "allow", why: "git status" },
  { command: "git log", want: "allow", why: "git log" },
  { command: "git show HEAD:.env", want: "deny", why: "REV:PATH is the content of PATH" },
  { command: "git diff --no-index .env notes.txt", want: "deny", why: "diff --no-index reads its operands as files" },
  { command: "git -c core.pager='rm x' log", want: "deny", why: "core.pager is a command git runs" },
  { command: "git fetch 'ext::rm x'", want: "deny", why: "an ext:: remote runs its command" },
  { command: "git clone https://example.com/r {HOME}/.ssh/r", want: "deny", why: "clone writes its destination" },
  { command: "git clone https://example.com/r r", want: "ask", why: "clone writes files named by the remote under r" },
  {
    command: "printf '[core]\\\\n fsmonitor = x\\\\n' > /etc/gitconfig && git status",
    want: "ask",
    why: "git reads the system's configuration, /etc/gitconfig",
  },
]);
