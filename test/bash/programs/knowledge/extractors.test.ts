/**
 * knowledge/extractors.ts as a table (issue 37): programs that write files
 * named by data permc does not read (an archive's members) under the directory
 * they work in or one an option names; listing writes nothing.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("extractors", [
  { command: "unzip a.zip", want: "ask", why: "the members' names are in the archive: any name here may be written" },
  { command: "unzip -l a.zip", want: "allow", why: "-l lists" },
  { command: "unzip -d {HOME}/.ssh a.zip", want: "deny", why: "-d: every member is written under ~/.ssh" },
  { command: "unzip -d out a.zip", want: "ask", why: "-d out: any name under out may be written" },
  { command: "patch -p1 < fix.diff", want: "ask", why: "the files patched are named in the patch" },
  { command: "7z l a.zip", want: "allow", why: "7z l lists" },
  { command: "7z x a.zip", want: "ask", why: "7z x extracts" },
  { command: "ar t lib.a", want: "allow", why: "ar t lists" },
  { command: "ar x lib.a", want: "ask", why: "ar x extracts" },
]);
