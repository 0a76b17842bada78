/**
 * knowledge/index.ts as a table (issue 37): how a name finds its record:
 * versioned interpreter names, toolchain prefixes and versions, git's dashed
 * names.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("index", [
  { command: "python3.12 -c 'print(1)'", want: "ask", why: "python3.12 is python: -c is code" },
  { command: "python3.12 --version", want: "allow", why: "python3.12 is python: --version runs nothing" },
  { command: "perl5.36 -e 1", want: "ask", why: "perl5.36 is perl: -e is code" },
  { command: "x86_64-linux-gnu-cpp {HOME}/.ssh/id_rsa", want: "deny", why: "a target-prefixed cpp is cpp: it reads its operand" },
  { command: "x86_64-linux-gnu-cpp notes.txt", want: "allow", why: "a target-prefixed cpp is cpp" },
  { command: "git-show HEAD:.env", want: "deny", why: "git-show is git show" },
]);
