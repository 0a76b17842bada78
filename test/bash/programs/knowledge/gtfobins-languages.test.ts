/**
 * knowledge/gtfobins-languages.ts as a table (issue 37): compilers and
 * document processors whose options or input run code permc does not read.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("gtfobins-languages", [
  { command: "gcc -wrapper rm,x x.c", want: "deny", why: "-wrapper runs a program around each pass" },
  { command: "gcc -o x x.c", want: "allow", why: "a plain compile" },
  { command: "pandoc notes.txt -o out.html", want: "allow", why: "pandoc converts a file" },
  { command: "pandoc --lua-filter f.lua notes.txt", want: "ask", why: "--lua-filter runs Lua" },
  { command: "cowsay hi", want: "allow", why: "cowsay prints its operands" },
  { command: "cowsay -f ./x.cow hi", want: "ask", why: "a cow file is Perl code" },
]);
