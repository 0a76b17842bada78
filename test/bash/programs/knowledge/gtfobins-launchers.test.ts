/**
 * knowledge/gtfobins-launchers.ts as a table (issue 37): programs that run the
 * rest of their line as a command.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("gtfobins-launchers", [
  { command: "cpulimit -l 50 -- rm x", want: "deny", why: "cpulimit runs the command after --" },
  { command: "logsave log.txt rm x", want: "deny", why: "logsave runs the command after its log file" },
  { command: "logsave log.txt ls", want: "allow", why: "logsave runs ls" },
  { command: "run-parts dir", want: "ask", why: "run-parts runs every program in a directory permc does not list" },
]);
