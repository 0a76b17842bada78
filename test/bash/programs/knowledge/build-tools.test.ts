/**
 * knowledge/build-tools.ts as a table (issue 37): cp, mv and install read
 * their sources and write their last operand; cmake's -D keys that name a
 * program run it.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("build-tools", [
  { command: "cp notes.txt copy.txt", want: "allow", why: "cp reads its sources and writes its destination, neither denied" },
  { command: "cp .env copy.txt", want: "deny", why: "cp reads its source" },
  { command: "cp notes.txt x.env", want: "deny", why: "cp writes its last operand" },
  { command: "mv notes.txt {HOME}/.ssh/", want: "deny", why: "mv writes into its last operand, a directory" },
  { command: "install -m 644 notes.txt {HOME}/.ssh/config", want: "deny", why: "install writes its last operand; -m takes a value" },
  { command: "cmake -DCMAKE_C_COMPILER_LAUNCHER=rm .", want: "deny", why: "a CMAKE_*_LAUNCHER define is a program cmake's build runs" },
  { command: "cmake -DFOO=1 .", want: "allow", why: "any other define is a setting" },
  // Found by the start-up files discovery (hunt/startup-reads.ts): a file the program reads unasked, written first.
  {
    command: "mkdir -p ~/.config/gcloud && printf 'x\\\\n' > ~/.config/gcloud/properties && gcloud version",
    want: "ask",
    why: "gcloud's properties may name a command (client certificates' provider)",
  },
  { command: "gcloud version", want: "allow", why: "nothing written first" },
]);
