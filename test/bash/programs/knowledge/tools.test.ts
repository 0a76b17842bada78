/**
 * knowledge/tools.ts as a table (issue 37): tools whose options write, run a
 * command or read a file: tar, rsync, ssh, less, vim, tee, dd, wget, sort.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("tools", [
  { command: "tar -tf a.tar", want: "allow", why: "tar -t lists" },
  { command: "tar -xf a.tar", want: "ask", why: "tar -x writes the members permc does not list" },
  { command: "ssh host 'rm x'", want: "deny", why: "ssh's command words are shell source" },
  { command: "rsync -e 'rm x' a b:", want: "deny", why: "rsync -e runs a command" },
  { command: "less .env", want: "deny", why: "less reads its operand" },
  { command: "vim -c '!rm x' notes.txt", want: "deny", why: "vim -c runs an Ex command" },
  { command: "tee x.env", want: "deny", why: "tee writes its operands" },
  { command: "tee out.txt", want: "allow", why: "tee writes its operands" },
  { command: "dd if=.env of=x", want: "deny", why: "dd if= reads" },
  { command: "wget -O x.env http://example.com", want: "deny", why: "wget -O writes" },
]);
