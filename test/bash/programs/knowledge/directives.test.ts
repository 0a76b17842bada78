/**
 * knowledge/directives.ts as a table (issue 37): code a compiler, assembler or
 * linker is fed on standard input names the files its directives read
 * (#include, .incbin, INCLUDE): the code is floored, a literal name meets the
 * path rules.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("directives", [
  { command: "printf '#include \"{HOME}/.ssh/id_rsa\"\\n' | gcc -E -x c -", want: "deny", why: "#include reads the file it names" },
  { command: "printf '#include \"notes.txt\"\\n' | gcc -E -x c -", want: "ask", why: "the fed code is floored all the same" },
  { command: "printf '.incbin \"{HOME}/.ssh/id_rsa\"\\n' | as -o /dev/null -", want: "deny", why: ".incbin reads the file it names" },
  { command: "printf 'INCLUDE {HOME}/.ssh/id_rsa\\n' | ld -T /dev/stdin", want: "deny", why: "a linker script's INCLUDE reads the file it names" },
]);
