/**
 * knowledge/recursive.ts as a table (issue 37): programs that read a whole
 * tree when given a directory: a rule that can match under it applies.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("recursive", [
  { command: "grep -r SECRET src", want: "allow", why: "grep -r reads the tree under src, which holds no denied file" },
  { command: "grep -r SECRET {HOME}/.ssh", want: "deny", why: "grep -r reads every file under ~/.ssh" },
  { command: "ls -R .", want: "allow", why: "ls -R lists names only" },
  { command: "du -a .", want: "allow", why: "du stats every entry it walks and opens none (strace: newfstatat of .env, no open)" },
  { command: "du -a --files0-from=list", want: "ask", why: "du walks the names a file holds, which permc does not read" },
  { command: "cp {HOME}/.ssh bak", want: "allow", why: "cp without -r copies no directory" },
  { command: "cp -r {HOME}/.ssh keys", want: "deny", why: "cp -r reads every file under ~/.ssh" },
  { command: "cp -r src /tmp/permc-knowledge-never", want: "allow", why: "cp -r of a tree holding no denied file" },
  { command: "tar -cf out.tar {HOME}/.ssh", want: "deny", why: "tar -c reads every file under its operands" },
  { command: "zip -r out.zip {HOME}/.ssh", want: "deny", why: "zip -r reads every file under its operands" },
  { command: "zip -r out.zip src", want: "allow", why: "zip -r of a tree holding no denied file" },
  { command: "rsync -a {HOME}/.ssh/ bak/", want: "deny", why: "rsync -a reads every file under its source" },
  { command: "shfmt -d {HOME}/.ssh", want: "deny", why: "shfmt opens every dotless name under it, to read a shebang (id_rsa, by strace)" },
  { command: "shfmt -l .", want: "allow", why: "shfmt opens no dotted or hidden name it walks: not .env (WALK_OPENS_ONLY)" },
  { command: "shfmt -l sshlink", want: "deny", why: "a link to ~/.ssh, walked all the same" },
  { command: "gofmt -l {HOME}/.ssh", want: "deny", why: "gofmt opens the *.go files under it, which ~/.ssh/* denies" },
  { command: "gofmt -l shlinked", want: "allow", why: "gofmt opens only *.go files: not .env, nor key.sh; it enters no linked directory (keys, keys.go)" },
  {
    command: "gofmt -w golinked",
    want: "ask",
    why: "gofmt opens a linked *.go file it meets: key.go is a link to ~/.ssh/id_rsa (a deny met under a walk asks)",
  },
  { command: "gofmt -l .", want: "ask", why: "the walk of . meets golinked/key.go" },
  { command: "shfmt -l shlinked", want: "allow", why: "shfmt opens no link: not key.sh, whatever it points to" },
]);
