/**
 * knowledge/mini-languages.ts as a table (issue 37): find, awk and sed: their
 * own languages run commands and write files.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("mini-languages", [
  { command: "find . -name '*.txt'", want: "allow", why: "find lists names" },
  { command: "find . -name x -exec rm {} \\;", want: "deny", why: "-exec runs a command" },
  { command: "find . -fprint x.env", want: "deny", why: "-fprint writes a file" },
  { command: "fd -x rm", want: "deny", why: "fd -x runs a command" },
  { command: "awk '{print}' notes.txt", want: "allow", why: "awk reads its operands" },
  { command: "awk 'BEGIN{system(\"rm x\")}'", want: "ask", why: "system() runs a command" },
  { command: "awk '{print > \"x.env\"}' notes.txt", want: "ask", why: "print > FILE writes a file named in awk" },
  { command: "sed -n p .env", want: "deny", why: "sed reads its operands" },
  { command: "sed 's/a/b/e' notes.txt", want: "ask", why: "s///e runs the pattern space as a command" },
]);
