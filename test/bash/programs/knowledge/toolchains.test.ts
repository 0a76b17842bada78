/**
 * knowledge/toolchains.ts as a table (issue 37): the C toolchain's
 * preprocessor, assembler and linker and Java: the files they read and write.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("toolchains", [
  { command: "cpp notes.txt", want: "allow", why: "cpp reads its operand" },
  { command: "cpp {HOME}/.ssh/id_rsa", want: "deny", why: "cpp reads its operand" },
  { command: "cpp -o x.env notes.txt", want: "deny", why: "cpp -o writes" },
  { command: "as -o out.o {HOME}/.ssh/id_rsa", want: "deny", why: "as reads its operand" },
  { command: "ld -T {HOME}/.ssh/id_rsa", want: "deny", why: "ld -T reads a linker script" },
  { command: "java --version", want: "allow", why: "java --version runs nothing" },
]);
