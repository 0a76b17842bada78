/**
 * knowledge/symlink-makers.ts as a table (issue 37): ln -s and cp -s make
 * links: a link whose target and name permc reads is followed by later words.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("symlink-makers", [
  { command: "ln -s {HOME}/.ssh k && cat k/id_rsa", want: "deny", why: "k is ~/.ssh" },
  { command: "ln -s .env k.txt && cat k.txt", want: "deny", why: "k.txt is .env" },
  { command: "cp -s {HOME}/.ssh/id_rsa k && cat k", want: "deny", why: "cp -s links k to the key" },
  { command: "ln -s notes.txt k.txt && cat k.txt", want: "allow", why: "k.txt is notes.txt" },
]);
