/**
 * knowledge/shells.ts as a table (issue 37): shells: -c STRING runs STRING, a
 * script operand runs that file, standard input runs what is fed.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("shells", [
  { command: "bash -c 'rm x'", want: "deny", why: "-c is shell source" },
  { command: "bash -c 'cat .env'", want: "deny", why: "-c is shell source" },
  { command: "dash -c 'cat {HOME}/.ssh/id_rsa'", want: "deny", why: "dash -c is shell source" },
  { command: "echo 'rm x' | bash", want: "deny", why: "bash runs what is fed on its input" },
  { command: "bash", want: "allow", why: "nothing fed, nothing run" },
  { command: "fish -c 'rm x'", want: "ask", why: "fish is a language of its own" },
]);
