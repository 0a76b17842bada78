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
  { command: "php -d extension=/tmp/x.so -v", want: "ask", why: "php loads the extension a -d setting names before anything else (a real run)" },
  { command: "php -dzend_extension=/tmp/x.so -v", want: "ask", why: "and a Zend extension, the setting attached" },
  { command: "php -d sendmail_path=rm a.php", want: "deny", why: "the program mail() runs: the value is judged as the command it is" },
  { command: "php -d memory_limit=1G -v", want: "allow", why: "a setting that loads nothing" },
  {
    command: "printf 'extension=/tmp/x.so' > php.ini && php -c php.ini -v",
    want: "ask",
    why: "-c names the php.ini, whose extension= lines load code, written first",
  },
  { command: "php -c {HOME}/.ssh/id_rsa -v", want: "deny", why: "php reads the php.ini -c names" },
  { command: "printf 'x' | lli", want: "ask", why: "LLVM's JIT runs the IR it reads, which may call system()" },
  { command: "printf 'x' | lli-14", want: "ask", why: "a versioned lli is lli" },
  { command: 'perl5.36-x86_64-linux-gnu -e \'system "r"."m victim"\'', want: "ask", why: "a perl of a version and a triplet is perl" },
]);
