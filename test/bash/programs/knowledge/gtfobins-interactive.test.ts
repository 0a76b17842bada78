/**
 * knowledge/gtfobins-interactive.ts as a table (issue 37): interactive
 * programs (editors, pagers, database shells) that can run a shell or read
 * files from their prompt or their commands.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("gtfobins-interactive", [
  { command: "bat notes.txt", want: "allow", why: "bat reads its operands" },
  { command: "bat .env", want: "deny", why: "bat reads its operands" },
  { command: "nano .env", want: "deny", why: "nano opens its operand" },
  { command: "sqlite3 db '.shell rm x'", want: "ask", why: "sqlite3's dot commands run a shell" },
  { command: "mysql -e '\\! rm x'", want: "ask", why: "mysql's \\! runs a shell" },
  // The run fuzz (hunt/run-fuzz.ts): real psql 15 ran rm.
  { command: "psql -o '|rm x'", want: "deny", why: "psql pipes its output to a `|` command" },
  { command: "psql --output='|rm x'", want: "deny", why: "the same, spelt long" },
  { command: "psql -o out.txt", want: "allow", why: "a plain file is written" },
  { command: "psql -o x.env", want: "deny", why: "the file written is one *.env names" },
  // Their start-up files run meta-commands, `\\!` and `.shell` among them, before any command of the session.
  { command: "printf '\\\\! touch y\\n' > ~/.psqlrc && psql", want: "ask", why: "psql runs ~/.psqlrc first" },
  { command: "printf '.shell touch y\\n' > ~/.sqliterc && sqlite3 db.sqlite", want: "ask", why: "sqlite3 runs ~/.sqliterc first" },
  { command: "printf '[client]\\nplugin-dir=/tmp\\n' > ~/.my.cnf && mysql", want: "ask", why: "an option file may load a client plugin" },
  { command: "echo x > notes.txt && psql", want: "allow", why: "notes.txt is no start-up file" },
  { command: "printf -- '--pager=\"touch y\"\\n' > ~/.config/bat/config && bat f.txt", want: "ask", why: "bat's configuration adds its options" },
  { command: "printf 'import os' > ~/.local/lib/python3.11/site-packages/x.pth && eb status", want: "ask", why: "the eb CLI is Python" },
]);
