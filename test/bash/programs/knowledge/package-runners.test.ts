/**
 * knowledge/package-runners.ts as a table (issue 37): npm, npx, pnpm, yarn and
 * make: exec and dlx run a package's program.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("package-runners", [
  { command: "npx rm x", want: "deny", why: "npx runs its operand as a program" },
  { command: "npm exec -- rm x", want: "deny", why: "npm exec runs the rest of the line" },
  { command: "pnpm dlx rm x", want: "deny", why: "pnpm dlx runs its operand as a program" },
  { command: "npm --version", want: "allow", why: "npm --version runs nothing" },
  { command: "yarn --version", want: "allow", why: "yarn --version runs nothing" },
  // The run fuzz (hunt/run-fuzz.ts): real npm 11 ran rm.
  { command: "npm exec -p rm x", want: "deny", why: "npm's -p is --parseable, a flag: rm is the command" },
  { command: "npx -p rm ls", want: "allow", why: "npx's -p names the package; ls is the command" },
  { command: "npx -p cowsay rm x", want: "deny", why: "npx's -p names the package; rm is the command" },
  // Found by the start-up files discovery (hunt/startup-reads.ts): a file the program reads unasked, written first.
  { command: "mkdir -p RCS && printf 'x\\\\n' > RCS/Makefile,v && make", want: "ask", why: "GNU make checks a missing makefile out of RCS/F,v with co" },
  { command: "printf 'script-shell=x\\\\n' > /etc/npmrc && npm test", want: "ask", why: "npm reads the global npmrc" },
  { command: "echo H4sI | base64 -d > x.tgz && npm install ./x.tgz", want: "ask", why: "npm install runs a package archive's preinstall script (a real run)" },
  { command: "echo H4sI | base64 -d > x.tgz && pnpm add ./x.tgz", want: "ask", why: "and so do pnpm and yarn" },
  // A makefile includes others by any name: the dependency files a compiler writes (`-include $(OBJS:.o=.d)`), fragments.
  { command: "echo '$(shell touch y)' > deps/x.d && make", want: "ask", why: "a dependency file make includes is make's code" },
  { command: "echo x > rules.make && make", want: "ask", why: "a makefile fragment" },
  { command: "mkdir -p conf.d && make", want: "allow", why: "a directory named *.d is no file make includes" },
  { command: "npm --editor='rm victim' config edit", want: "deny", why: "npm config edit runs the editor (the hunt ran it: rm victim ~/.npmrc)" },
  { command: "npm --edit='rm victim' config edit", want: "deny", why: "npm takes an option's unique prefix" },
  { command: "npm -g --shell='rm victim' explore npm", want: "deny", why: "npm explore runs --shell" },
  {
    command: "printf 'editor=rm victim\\n' > notes.txt && npm --userconfig=notes.txt config edit",
    want: "ask",
    why: "an .npmrc of the command's choosing names programs npm runs",
  },
  { command: "npm --git=/usr/bin/rm install git+https://x/y", want: "ask", why: "npm runs --git in place of git" },
  { command: "npm -c 'rm victim' exec", want: "deny", why: "exec's -c, read wherever it stands" },
  { command: "npm --call='rm victim' exec", want: "deny", why: "and --call" },
  { command: "printf 'editor=rm victim\\n' > .npmrc && npm config edit", want: "deny", why: "the project's .npmrc names the editor npm runs" },
]);
