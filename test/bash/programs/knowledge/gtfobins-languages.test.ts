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
  {
    command: "echo '.so {HOME}/.ssh/id_rsa' > x.ms && groff -Tutf8 x.ms",
    want: "deny",
    why: "troff's .so includes a file: written first, the document floors groff, and its text is judged (a real run printed the file)",
  },
  { command: "echo '.so x' > x.ms && groff -Tutf8 x.ms", want: "ask", why: "…what it includes permc does not follow" },
  { command: "groff -Tutf8 x.ms", want: "allow", why: "a document already there is read" },
  { command: "echo '.so x' | nroff", want: "ask", why: "a document fed on the input is troff's too" },
  { command: "printf 'copy \"x\"' > p.pic && pic p.pic", want: "ask", why: "pic's copy reads a file (a real run)" },
  { command: "echo '\\input{x}' > x.tex && pdflatex x.tex", want: "ask", why: "TeX's \\input reads any file" },
  { command: "echo x > a.md && pandoc a.md -o a.html", want: "ask", why: "pandoc embeds the images a document names" },
  { command: "echo x > latexmkrc && latexmk x.tex", want: "ask", why: "latexmkrc in the directory it runs in is Perl" },
  { command: "echo x > x.rb && byebug x.rb", want: "ask", why: "byebug runs the script it debugs" },
  { command: "echo x > configure.ac && autoconf", want: "ask", why: "m4's esyscmd in configure.ac runs shell commands" },
  { command: "cowsay hi", want: "allow", why: "cowsay prints its operands" },
  { command: "cowsay -f ./x.cow hi", want: "ask", why: "a cow file is Perl code" },
  { command: "echo '.sy rm victim' | troff -U", want: "ask", why: "troff -U lets the document run commands (a real run removed the victim)" },
  { command: "pdb3.11 -c 'import os' -c quit notes.txt", want: "ask", why: "a versioned pdb is pdb" },
  { command: "echo '.so {HOME}/.ssh/id_rsa' | soelim", want: "ask", why: "soelim includes what `.so` names, from its input too" },
]);
