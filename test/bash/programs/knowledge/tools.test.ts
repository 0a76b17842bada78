/**
 * knowledge/tools.ts as a table (issue 37): tools whose options write, run a
 * command or read a file: tar, rsync, ssh, less, vim, tee, dd, wget, sort.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("tools", [
  { command: "tar -tf a.tar", want: "allow", why: "tar -t lists" },
  // A review with real runs (in a namespace: ssh-keygen writes under the account's home, not $HOME).
  { command: 'ssh-keygen -t ed25519 -N "" -q <<<""', want: "ask", why: "ssh-keygen writes ~/.ssh/id_ed25519 unless -f names the file" },
  { command: "ssh-keygen -y <<<''", want: "ask", why: "ssh-keygen -y reads ~/.ssh/id_rsa unless -f names the file" },
  { command: "ssh-keygen -t ed25519 -f key -N ''", want: "allow", why: "-f names the key file" },
  { command: "ssh-keygen -t ed25519 -f .env -N ''", want: "deny", why: "-f names the key file, which *.env denies" },
  { command: "ssh-keygen -q -C -f -N '' <<<$'\\ny'", want: "ask", why: "-f is -C's value: the key goes to ~/.ssh/id_rsa" },
  { command: "ssh-keygen -t -f", want: "ask", why: "-f is -t's value" },
  { command: "gpg -q --batch x.env.gpg", want: "deny", why: "gpg given a file and no command decrypts it into x.env" },
  { command: "gpg --batch --use-embedded-filename f.gpg", want: "ask", why: "the name written is the one the data stores" },
  { command: "gpg --decrypt-files notes.txt.asc", want: "allow", why: "its output, notes.txt, is allowed" },
  { command: "tar -xf a.tar", want: "ask", why: "tar -x writes the members permc does not list" },
  { command: "ssh host 'rm x'", want: "deny", why: "ssh's command words are shell source" },
  { command: "rsync -e 'rm x' a b:", want: "deny", why: "rsync -e runs a command" },
  { command: "less .env", want: "deny", why: "less reads its operand" },
  { command: "vim -c '!rm x' notes.txt", want: "deny", why: "vim -c runs an Ex command" },
  { command: "tee x.env", want: "deny", why: "tee writes its operands" },
  { command: "tee out.txt", want: "allow", why: "tee writes its operands" },
  { command: "dd if=.env of=x", want: "deny", why: "dd if= reads" },
  { command: "wget -O x.env http://example.com", want: "deny", why: "wget -O writes" },
  // sort -T makes its temporary files (`sortXXXXXX`, names permc does not know) in the directory: a write under it.
  { command: "sort -T sshlink notes.txt", want: "ask", why: "sort -T writes files under sshlink (→ ~/.ssh)" },
  { command: "sort --temporary-directory=sshlink notes.txt", want: "ask", why: "the same, spelt long" },
  { command: "sort -T /tmp notes.txt", want: "ask", why: "a file it writes under /tmp may be one *.env names" },
  { command: "sort notes.txt", want: "allow", why: "sort without -T, -o or a compress program only reads" },
  { command: "rsync -a -T sshlink src/ /tmp/out/", want: "deny", why: "rsync -T makes its temporary copies under sshlink (→ ~/.ssh, denied)" },
  { command: "rsync -a --partial-dir=sshlink src/ /tmp/out/", want: "ask", why: "rsync keeps partial files under --partial-dir" },
  // The run fuzz (hunt/run-fuzz.ts): real ed and sftp ran rm.
  { command: "ed '!rm x'", want: "deny", why: "ed edits the output of a `!` command, which a shell runs" },
  { command: "ed '!cat .env'", want: "deny", why: "the shell command reads .env" },
  { command: "ed notes.txt", want: "allow", why: "a plain file is edited" },
  { command: 'ed "$F"', want: "ask", why: "a name that depends on an expansion may start with `!`" },
  { command: "red '!rm x'", want: "allow", why: "red, the restricted ed, refuses `!` commands: a file of that name" },
  { command: "sftp -D/bin/rm host", want: "deny", why: "-D is the server's command line, run instead of ssh" },
  { command: "sftp -D 'rm x' host", want: "deny", why: "the same, with arguments" },
  { command: "sftp -J '|rm x' host", want: "ask", why: "ssh pastes the jump host into a command line its shell runs" },
  { command: "scp -J bastion a.txt host:", want: "ask", why: "any jump host is pasted so: floored" },
  { command: "scp -o 'ProxyJump=|rm x' a.txt host:", want: "deny", why: "the same through -o, whose value is judged as a command too" },
  { command: "scp a.txt host:", want: "allow", why: "no jump host" },
  // Found by the start-up files discovery (hunt/startup-reads.ts): a file the program reads unasked, written first.
  { command: "printf 'DEFINE nroff x\\\\n' > ~/.manpath && man ls", want: "ask", why: "man-db runs the programs ~/.manpath defines (`DEFINE nroff`)" },
  { command: "man ls", want: "allow", why: "nothing written first" },
  {
    command: "mkdir -p ~/.gnupg && printf 'x\\\\n' > ~/.gnupg/gpg.conf-2.2 && gpg --list-keys",
    want: "ask",
    why: "gpg reads a versioned gpg.conf before gpg.conf",
  },
  {
    command: "printf 'DEFINE nroff x\\\\n' > /etc/manpath.config && man ls",
    want: "ask",
    why: "man-db reads the system's /etc/manpath.config, its DEFINEs too",
  },
  { command: "printf 'FROM alpine\\\\nRUN x\\\\n' > Dockerfile && docker build .", want: "ask", why: "docker build runs the Dockerfile it finds" },
  { command: "docker build .", want: "allow", why: "nothing written first" },
  { command: 'printf \'{"exec":"touch y"}\' > nodemon.json && nodemon', want: "ask", why: "nodemon.json's exec is the command nodemon runs" },
  { command: "nodemon x.js", want: "allow", why: "nothing written first" },
  {
    command: "printf 'import os' > ~/.local/lib/python3.11/site-packages/x.pth && docker-compose ps",
    want: "ask",
    why: "docker-compose 1 is Python: the user site's .pth files run first",
  },
  // A hunt of the installed programs' options (2026-12-07): each was run for real by the hunt's helper.
  { command: "gpg --photo-viewer 'rm victim' --list-options show-photos -k", want: "deny", why: "gpg runs the photo viewer with sh -c" },
  { command: "gpg --photo-vie 'rm victim' -k", want: "deny", why: "gpg takes a long option's unique prefix" },
  { command: "gpg --agent-program=/usr/bin/curl --card-status", want: "ask", why: "gpg runs --agent-program as its agent" },
  {
    command: "printf 'photo-viewer \"rm victim\"\\n' > o.txt && gpg --options o.txt -k",
    want: "ask",
    why: "gpg --options reads a configuration that names programs",
  },
  { command: "gpg --verify x.sig x", want: "allow", why: "verifying runs nothing it is handed" },
  { command: "printf 'DEFINE pager rm victim\\n' > m.conf && man -C m.conf ls", want: "ask", why: "man -C reads a configuration whose DEFINE pager man runs" },
  { command: "man ls", want: "allow", why: "man ls" },
  { command: "slogin -F /dev/null -o 'ProxyCommand=rm victim' x", want: "ask", why: "slogin is ssh" },
  { command: "vim.basic -es -u NONE -c 'call system(\"rm victim\")' -c q", want: "ask", why: "Debian's vim.basic is vim" },
]);
