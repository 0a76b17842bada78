/**
 * knowledge/dynamic-loader.ts as a table: a file the dynamic loader reads
 * before every program, written by the same command, floors every program
 * the command runs (split/loader-writes.ts). The first row's command, with
 * a library whose constructor removed a file, removed it inside `ls`: a
 * real run as root, /etc bound over in a private mount namespace.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable(
  "dynamic-loader",
  [
    { command: "echo /tmp/x.so > /etc/ld.so.preload && ls", want: "ask", why: "ls loads the library the preload list names" },
    { command: "echo /tmp/x.so >> /etc/ld.so.preload; /bin/ls", want: "ask", why: "a program run by its path loads it too" },
    { command: "tee /etc/ld.so.preload <<< /tmp/x.so && ls", want: "ask", why: "tee writes the list" },
    { command: "dd if=list of=/etc/ld.so.preload && ls", want: "ask", why: "dd of= writes the list" },
    { command: "cp list /etc/ld.so.preload && ls", want: "ask", why: "a copy onto the list" },
    { command: "cp ld.so.preload /etc/ && ls", want: "ask", why: "a copy into /etc under its own name" },
    { command: "cd /etc && echo /tmp/x.so > ld.so.preload; ls", want: "ask", why: "the list, named from /etc" },
    { command: "cd $D && echo /tmp/x.so > ld.so.preload; ls", want: "ask", why: "a loader file's name where permc cannot tell the directory" },
    { command: "cp cache /etc/ld.so.cache && ls", want: "ask", why: "the library cache names where each library is loaded from" },
    { command: "echo /tmp/lib > /etc/ld-musl-x86_64.path && ls", want: "ask", why: "musl's library search path" },
    { command: "ls; ls > /etc/ld.so.preload", want: "ask", why: "order is not followed: a loop may run the write first" },
    { command: "echo /tmp/x.so > /etc/ld.so.preload", want: "allow", why: "nothing runs after it in this command" },
    { command: "echo /tmp/x.so > ld.so.preload && ls", want: "allow", why: "a file of that name in the project is no loader file" },
    { command: "cp a.txt b.txt && ls", want: "allow", why: "a copy elsewhere" },
  ],
  { "*": "allow", bash: { "*": "allow", "rm *": "deny" } },
);
