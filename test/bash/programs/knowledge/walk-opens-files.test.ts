/**
 * knowledge/walk-opens-files.ts as a table (issue 37): walkers that open every
 * file under the directories they walk: a denied file there is read as surely
 * as a named one; an option that may leave it out asks.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("walk-opens-files", [
  { command: "grep -r x .", want: "deny", why: "grep -r opens .env" },
  { command: "grep -r x src", want: "allow", why: "no denied file under src" },
  { command: "grep -rq x .", want: "ask", why: "-q may stop the walk before .env" },
  { command: "grep -r --exclude='*.env' x .", want: "allow", why: "--exclude leaves .env out" },
  { command: "gzip -r .", want: "deny", why: "gzip -r rewrites .env" },
  { command: "gzip -r src", want: "allow", why: "no denied file under src" },
  { command: "ctags -R .", want: "deny", why: "ctags -R opens every file" },
]);
