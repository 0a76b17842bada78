/**
 * knowledge/git.ts as a table (issue 37): git's record: subcommands, REV:PATH
 * objects, -c keys that run programs, remotes that run a command, clone's
 * destination, the code a repository's hooks run.
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
  { command: "cd hooked && echo 'exit 0' > check.sh && git commit -m x", want: "ask", why: "a repository's hooks run its code: one written first" },
  { command: "cd hooked && echo 'rm x' > check.sh && git commit -m x", want: "deny", why: "…and what was written is judged as the code it is" },
  { command: "cd hooked/src && printf x > t.test.js && git push", want: "ask", why: "push runs hooks too, from a subdirectory" },
  { command: "cd husky && echo 'rm x' > lint.py && git checkout main", want: "deny", why: "core.hooksPath installs hooks" },
  { command: "cd husky && echo 'exit 0' > .husky/_/h && git commit -m x", want: "ask", why: "husky 9's hooks source its dispatcher, h (a real run)" },
  {
    command: "cd filtered && echo 'rm x' > scripts/strip.sh && git add .",
    want: "deny",
    why: "a filter in the repository's configuration runs the project's script, as a hook does (real git: the oracle test)",
  },
  { command: "cd hooked && echo x > notes.md && git commit -m x", want: "allow", why: "a file no hook runs as code" },
  { command: "cd hooked && git add . && git commit -m x", want: "allow", why: "nothing written first" },
  { command: "cd hooked && git pull && git push", want: "allow", why: "what a checkout writes is the repository's own code, as the hooks are" },
  { command: "cd repo && echo 'rm x' > check.sh && git commit -m x", want: "allow", why: "a repository with no hooks runs none" },
  { command: "echo 'rm x' > check.sh && git commit -m x", want: "allow", why: "no repository: git commit fails, and runs no hook" },
  { command: "cd hooked && echo 'rm x' > check.sh && git -C ../repo commit -m x", want: "deny", why: "where -C moves git is not followed: any repository" },
  // Configuration keys that run a command (a hunt, 2026-12-07; real git in test/bash/programs/git-command-keys.test.ts).
  {
    command: "git -c gpg.ssh.defaultKeyCommand='rm victim' -c gpg.format=ssh commit -S --allow-empty -m x",
    want: "deny",
    why: "ssh signing runs the default key command",
  },
  { command: "git -c man.viewer=x -c man.x.cmd='rm victim;' help log", want: "deny", why: "git help runs the man viewer's command" },
  { command: "git -c difftool.meld.path=/usr/bin/rm difftool -y -t meld", want: "deny", why: "difftool runs the tool's path" },
  { command: "git -c trailer.x.command='rm victim' interpret-trailers --trailer x=y", want: "deny", why: "interpret-trailers runs a trailer's command" },
  { command: "git config interactive.diffFilter 'rm victim' && git stash -p", want: "deny", why: "git add -p and stash -p run interactive.diffFilter" },
]);
