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
  // The program bash runs, however it is named or run: the path collection met only the word `ln`.
  { command: "/bin/ln -s {HOME}/.ssh k && cat k/id_rsa", want: "deny", why: "/bin/ln is ln" },
  { command: "env ln -s {HOME}/.ssh k && cat k/id_rsa", want: "deny", why: "env runs ln" },
  { command: "nice -n 5 ln -s {HOME}/.ssh k; cat k/id_rsa", want: "deny", why: "nice runs ln" },
  { command: "command ln -s {HOME}/.ssh k; cat k/id_rsa", want: "deny", why: "command runs ln" },
  { command: "busybox ln -s {HOME}/.ssh k; cat k/id_rsa", want: "deny", why: "busybox runs its ln" },
  { command: "env cp -s {HOME}/.ssh/id_rsa k && cat k", want: "deny", why: "env runs cp -s" },
  { command: "find {HOME} -maxdepth 1 -name .ssh -exec ln -s {} k \\; ; cat k/id_rsa", want: "ask", why: "find links what it found: k may reach anywhere" },
  { command: "env ln -s notes.txt k.txt && cat k.txt", want: "allow", why: "k.txt is notes.txt" },
  // A mount makes the paths under its mount point reach another tree, as a link does: any path there may be anywhere.
  // (Of a directory that is there, an unknown program's operands are walked, and ~/.ssh is denied before the mount.)
  { command: "mkdir k && mount --bind {HOME}/.keys k && cat k/id_rsa", want: "ask", why: "k is ~/.keys, bound there" },
  { command: "mount -o bind {HOME}/.keys k; cat k/id_rsa", want: "ask", why: "-o bind binds" },
  { command: "bindfs {HOME}/.keys k && cat k/id_rsa", want: "ask", why: "a FUSE bind mount, no root needed" },
  { command: "sshfs localhost:{HOME}/.ssh k && cat k/id_rsa", want: "ask", why: "k is a remote directory, this machine's among them" },
  { command: "mount -t overlay overlay -o lowerdir={HOME}/.ssh k && cat k/id_rsa", want: "ask", why: "an overlay's lower directory shows through" },
  { command: "mount -l && cat notes.txt", want: "allow", why: "mount -l lists mounts" },
]);
