/**
 * knowledge/wrappers.ts as a table (issue 37): wrappers that run the rest of
 * their line (sudo, env, xargs, nohup, timeout, command, exec -a).
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("wrappers", [
  { command: "sudo rm x", want: "deny", why: "sudo runs the rest of the line" },
  { command: "env rm x", want: "deny", why: "env runs the rest of the line" },
  { command: "env -- PAGER='rm x' git log", want: "deny", why: "after `--` env still takes NAME=value words before the command" },
  { command: "sudo -- X=1 rm x", want: "deny", why: "so does sudo: rm is the command, not X=1" },
  { command: "env -- X=1 ls", want: "allow", why: "an everyday assignment after `--`" },
  { command: "time PATH=. ls", want: "ask", why: "bash's time keyword times a simple command, assignments and all: ./ls runs" },
  { command: "time X=1 rm x", want: "deny", why: "rm is the command, not X=1" },
  { command: "coproc PAGER='rm x' git log", want: "deny", why: "so does coproc's simple command" },
  { command: "time X=1 ls", want: "allow", why: "an everyday assignment" },
  { command: "time ! PATH=. ls", want: "ask", why: "after time's `!` too, a whole simple command: ./ls runs" },
  { command: "time ! X=1 rm x", want: "deny", why: "rm is the command after `!`, not X=1" },
  { command: "xargs rm < notes.txt", want: "deny", why: "xargs runs its operands as a command" },
  { command: "nohup rm x", want: "deny", why: "nohup runs the rest of the line" },
  { command: "command rm x", want: "deny", why: "command runs rm" },
  { command: "exec -a rm busybox x", want: "deny", why: "exec -a NAME: busybox runs the tool of that name" },
  { command: "timeout 5 ls", want: "allow", why: "timeout runs ls" },
  { command: "nice -n 5 ls", want: "allow", why: "nice runs ls; -n takes a value" },
]);
