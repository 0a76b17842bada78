/**
 * knowledge/builtins.ts as a table (issue 37): bash builtins that evaluate a
 * string or run a callback later (eval, trap, source); the rest are leaves.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("builtins", [
  { command: "eval 'rm x'", want: "deny", why: "eval runs its operands as shell source" },
  { command: "trap 'rm x' EXIT", want: "deny", why: "trap's action runs later as shell source" },
  { command: "source .env", want: "deny", why: "source reads the file it runs" },
  { command: ". notes.txt", want: "ask", why: "`.` runs a file's code, which permc does not read" },
  { command: "type rm", want: "allow", why: "type only names what a word would run" },
]);
