/**
 * knowledge/compressors.ts as a table (issue 37): compressors replace their
 * operands in place; decompressing writes the name without the suffix, -N the
 * stored name, -c only standard output.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("compressors", [
  { command: "gunzip x.env.gz", want: "deny", why: "gunzip writes x.env (decompressed)" },
  { command: "gunzip notes.txt.gz", want: "allow", why: "gunzip writes notes.txt" },
  { command: "gzip .env", want: "deny", why: "gzip reads .env, writes .env.gz and removes .env" },
  { command: "gzip -c notes.txt", want: "allow", why: "-c writes standard output only" },
  { command: "gzip -dc x.env.gz", want: "allow", why: "-c: nothing is written but standard output, and x.env.gz is no *.env" },
  { command: "gunzip -S .gz notes.txt.gz", want: "ask", why: "-S: the suffix stripped is given, so the name written is not known" },
  { command: "gunzip -N notes.txt.gz", want: "ask", why: "-N: the name written is stored in the file" },
  { command: "lz4 -d notes.txt.gz x.env", want: "deny", why: "lz4's second operand is the file it writes" },
  { command: "zstd notes.txt -o x.env", want: "deny", why: "zstd -o names the file it writes" },
]);
