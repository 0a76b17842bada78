/**
 * knowledge/checksums.ts as a table (issue 37): checksum programs read their
 * operands; with -c they read every file the lists name, which permc does not
 * read.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("checksums", [
  { command: "sha256sum notes.txt", want: "allow", why: "the operand is read" },
  { command: "sha256sum .env", want: "deny", why: "the operand is read" },
  { command: "md5sum -c sums.txt", want: "ask", why: "-c: the files read are named inside the list" },
  { command: "b2sum -c notes.txt", want: "ask", why: "-c makes the operand a list of names for every GNU checksum program" },
  { command: "shasum --CHECK sums.txt", want: "ask", why: "shasum reads long options in any case: --CHECK is -c" },
]);
