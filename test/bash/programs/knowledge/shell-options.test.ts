/**
 * knowledge/shell-options.ts as a table (issue 37): bash options that change
 * how later commands are read: only those listed harmless are left alone.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("shell-options", [
  { command: "shopt -s histappend; ls", want: "allow", why: "histappend is harmless" },
  { command: "set -e; ls", want: "allow", why: "set -e is harmless" },
  { command: "set -o pipefail; ls", want: "allow", why: "pipefail is harmless" },
  { command: "shopt -s dotglob; cat *", want: "deny", why: "dotglob: * matches .env" },
  { command: "shopt -s lastpipe; ls", want: "ask", why: "lastpipe runs a pipeline's last command in the shell" },
  { command: "set -k; ls", want: "ask", why: "set -k: assignments anywhere in a command line" },
]);
