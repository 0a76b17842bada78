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
  // Found by the start-up files discovery (hunt/startup-reads.ts): a file the program reads unasked, written first.
  {
    command: "mkdir -p META-INF/services && echo P > META-INF/services/javax.annotation.processing.Processor && javac N.java",
    want: "ask",
    why: "javac runs the annotation processors a service file on its class path names",
  },
  { command: "javac N.java", want: "allow", why: "nothing written first" },
]);
