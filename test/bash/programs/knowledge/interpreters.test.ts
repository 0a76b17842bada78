/**
 * knowledge/interpreters.ts as a table (issue 37): interpreters: -c/-e and the
 * like are code permc does not read; query languages read the files they are
 * given.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("interpreters", [
  { command: "python3 -c 'print(1)'", want: "ask", why: "-c is Python" },
  { command: "python3 --version", want: "allow", why: "--version runs no code" },
  { command: "node -e 1", want: "ask", why: "-e is JavaScript" },
  { command: "jq . notes.txt", want: "allow", why: "jq reads its file operands" },
  { command: "jq . .env", want: "deny", why: "jq reads its file operands" },
  { command: "m4 notes.txt", want: "ask", why: "m4's syscmd runs a shell" },
  { command: "node --env-file=vars.txt --version", want: "ask", why: "NODE_OPTIONS in the file is read as from the environment (--require)" },
  // Found by the start-up files discovery (hunt/startup-reads.ts): a file the program reads unasked, written first.
  {
    command: "mkdir -p ~/.local/lib/python3.11/site-packages && printf 'import os\\\\n' > ~/.local/lib/python3.11/site-packages/x.pth && yq . a.json",
    want: "ask",
    why: "Debian's yq is Python: it runs the user's site-packages *.pth files at start-up",
  },
]);
