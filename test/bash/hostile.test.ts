/**
 * Under `{"*": "allow", "rm *": "deny"}`, no way of running `rm` is allowed.
 * Where the wrapped or nested `rm` is visible to permc, it is denied; where
 * the code cannot be seen (a variable name, inline Python), it asks.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../runtime/bash/syntax/parser.js";
import { DENY_RM, decide, parser } from "./helpers.js";
import { HOSTILE_RM } from "./hostile-cases.js";

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

/** Cases where `rm` itself is visible, so the `rm *` deny must win (not just ask). */
const MUST_DENY: ReadonlySet<string> = new Set([
  "plain",
  "backslash-escaped name",
  "single-quoted name",
  "double-quoted name",
  "split quotes in name",
  "escaped letter in name",
  "ansi-c name",
  "ansi-c hex name",
  "absolute path",
  "double slash path",
  "if body",
  "while body",
  "for body",
  "case body",
  "function body called",
  "negation",
  "brace group",
  "assignment",
  "export assignment",
  "redirect target",
  "input process substitution",
  "heredoc body substitution",
  "heredoc body backticks",
  "after heredoc &&",
  "heredoc into sh",
  "heredoc into bash",
  "quoted heredoc into bash",
  "sudo",
  "sudo with options",
  "sudo attached user",
  "doas",
  "env",
  "env options",
  "env split string",
  "xargs",
  "xargs options",
  "timeout options",
  "nice legacy",
  "time -p",
  "stdbuf",
  "flock -c",
  "watch string",
  "parallel",
  "find -exec ;",
  "find -exec +",
  "find quoted -exec",
  "fd -x",
  "fd clustered -ux",
  "fd --exec=",
  "nested wrappers",
  "command builtin",
  "exec",
  "builtin eval",
  "coproc",
  "pkexec",
  "chroot",
  "strace",
  "busybox",
  "eval",
  "eval split",
  "bash -c",
  "bash -o opt -c",
  "quoted shell name",
  "escaped shell name",
  "nested bash -c",
  "echo pipe bash",
  "bash here-string",
  "su -c",
  "su - user -c",
  "runuser -l user -c",
  "ssh remote",
  "ssh remote words",
  "script -c",
  "script file -c",
  "split --filter after operands",
  "trap",
  "alias",
  "npx -c",
  "PAGER hijack",
  "GIT_SSH_COMMAND",
  "then keyword",
  "do keyword",
  "time group",
  "coproc group",
  "nested escaped backticks",
  "tar to-command",
  "rsync -e",
  "git -c core.pager",
  "git alias",
  "ssh ProxyCommand",
  "man -P",
  "vim -c bang",
  "5000 chained &&",
  "5000 chained ||",
  "rm first in 5000 chain",
  "deep if",
]);

describe("hostile: ways to run rm under {*: allow, rm *: deny}", () => {
  it("has at least 60 distinct cases", () => {
    expect(new Set(HOSTILE_RM.map(([, c]) => c)).size).toBeGreaterThanOrEqual(60);
    expect(new Set(HOSTILE_RM.map(([l]) => l)).size).toBe(HOSTILE_RM.length);
    for (const label of MUST_DENY) expect(HOSTILE_RM.map(([l]) => l)).toContain(label);
  });

  it.each(HOSTILE_RM)("%s is never allowed", (label, command) => {
    const d = decide(p, command, DENY_RM);
    expect(d.action, `${label}: ${JSON.stringify(command).slice(0, 80)}`).not.toBe("allow");
    if (MUST_DENY.has(label)) expect(d.action).toBe("deny");
  });
});
