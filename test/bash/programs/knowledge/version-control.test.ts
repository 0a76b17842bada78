/**
 * knowledge/version-control.ts as a table (issue 37): hg, jj, svn: their file
 * commands read, their aliases and hooks run shell.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("version-control", [
  { command: "hg status", want: "allow", why: "hg status" },
  { command: "jj log", want: "allow", why: "jj log" },
  { command: "hg cat -r . .env", want: "deny", why: "hg cat reads the file named" },
  { command: "svn cat .env", want: "deny", why: "svn cat reads the file named" },
  { command: "hg --config alias.x='!rm x' x", want: "ask", why: "an alias starting with ! is shell" },
]);
