/**
 * knowledge/version-control.ts as a table (issue 37): hg, jj, svn: their file
 * commands read, their aliases and hooks run shell.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("version-control", [
  {
    command: "printf '[hooks]\\nprecommit = rm x\\n' >> .hg/hgrc && hg commit -m x",
    want: "deny",
    why: "Mercurial runs the hooks its configuration names: one written first floors hg, and its text is judged",
  },
  { command: "printf x > {HOME}/.hgrc && hg status", want: "ask", why: "the user's hgrc is read by every hg command" },
  { command: "printf x > .jj/repo/config.toml && jj status", want: "ask", why: "jj's configuration names the programs it runs" },
  { command: "printf x > notes.txt && hg status", want: "allow", why: "a data file is no configuration" },
  { command: "hg status", want: "allow", why: "hg status" },
  { command: "jj log", want: "allow", why: "jj log" },
  { command: "hg cat -r . .env", want: "deny", why: "hg cat reads the file named" },
  { command: "svn cat .env", want: "deny", why: "svn cat reads the file named" },
  { command: "hg --config alias.x='!rm x' x", want: "ask", why: "an alias starting with ! is shell" },
  { command: "printf '[core]\\nsshCommand=touch y\\n' > .git/config && jj git fetch", want: "ask", why: "jj git fetch runs git" },
  { command: "printf '[tunnels]\\nssh=touch y\\n' > ~/.subversion/config && svn up", want: "ask", why: "svn runs its tunnels' commands" },
  { command: "svn up && jj git fetch", want: "allow", why: "nothing written first" },
]);
