/**
 * knowledge/launchers.ts as a table (issue 37): launchers, tracers,
 * multiplexers and terminals that run a command, and where their own options
 * write.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("launchers", [
  { command: "taskset -c 0 rm x", want: "deny", why: "taskset runs the rest of the line" },
  { command: "taskset -c 0 ls", want: "allow", why: "taskset runs ls" },
  { command: "strace -o out.txt ls", want: "allow", why: "strace -o writes its trace there" },
  { command: "strace -o x.env ls", want: "deny", why: "strace -o writes its trace there" },
  { command: "watch rm x", want: "deny", why: "watch runs its operands as a command" },
  { command: "xterm -e rm x", want: "deny", why: "a terminal's -e runs a command" },
  { command: "flatpak-spawn --host rm x", want: "deny", why: "flatpak-spawn runs a command on the host" },
  { command: "chroot / rm x", want: "deny", why: "chroot runs a command" },
]);
