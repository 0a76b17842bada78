/**
 * knowledge/pure-readers.ts as a table (issue 37): the reference's pure-reader
 * core: their path arguments are proven reads, so only path_read is consulted,
 * unless the command writes after all (sed -i, sort -o), and so is what
 * a pure reader walks. Policy: writing `*.txt` denied, everything else allowed.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable(
  "pure-readers",
  [
    { command: "cat notes.txt", want: "allow", why: "cat only reads: path_write is not consulted" },
    { command: "head -n 1 notes.txt", want: "allow", why: "head only reads" },
    { command: "grep x notes.txt", want: "allow", why: "grep only reads" },
    { command: "sed -n p notes.txt", want: "allow", why: "a sed that prints only reads" },
    { command: "sed -i s/a/b/ notes.txt", want: "deny", why: "sed -i rewrites its operand" },
    { command: "sort notes.txt", want: "allow", why: "sort only reads" },
    { command: "sort -o notes.txt notes.txt", want: "deny", why: "sort -o writes" },
    { command: "touch notes.txt", want: "deny", why: "touch is no pure reader: it writes" },
    { command: "cat missing.txt", want: "allow", why: "a pure reader's word is a read even where it names no file (a bare word)" },
    { command: "find . -name '*.txt'", want: "allow", why: "find with no action that writes only reads: its pattern is no write" },
    { command: "find . -name '*.txt' -delete", want: "deny", why: "find -delete withdraws the claim: it deletes" },
    { command: "touch missing.txt", want: "deny", why: "touch makes the file it names" },
    { command: "grep -r x .", want: "allow", why: "grep -r reads every file it walks, and writes none" },
    { command: "rg x", want: "allow", why: "rg walks the directory it runs in and only reads" },
    { command: "ls -R", want: "allow", why: "ls -R lists what it walks" },
    { command: "grep -r x *", want: "allow", why: "the trees under a glob a pure reader walks are read" },
    { command: "grep -r x . > out.txt", want: "deny", why: "the redirect writes out.txt" },
    { command: "/bin/grep -r x .", want: "deny", why: "the reference's core is the bare name: /bin/grep proves nothing, its walk meets both" },
  ],
  { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow" }, path_write: { "*.txt": "deny" } },
);
