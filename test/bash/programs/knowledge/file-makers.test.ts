/**
 * knowledge/file-makers.ts as a table (issue 37): split, csplit and mktemp
 * write files under a prefix or directory they are given and names of their
 * own; a suffix option floors, split --filter runs shell source.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("file-makers", [
  { command: "split notes.txt part", want: "allow", why: "split writes partaa, partab\u2026" },
  { command: "split notes.txt {HOME}/.ssh/", want: "deny", why: "the prefix is a directory: split writes in ~/.ssh" },
  { command: "split --additional-suffix=.env notes.txt p", want: "deny", why: "--additional-suffix=.env: split writes paa.env" },
  { command: "split --filter='rm x' notes.txt", want: "deny", why: "--filter is shell source split runs" },
  { command: "csplit -f {HOME}/.ssh/x notes.txt 1", want: "deny", why: "csplit -f is the prefix of the names it writes" },
  { command: "csplit -f part notes.txt 1", want: "allow", why: "csplit writes part00, part01" },
  { command: "mktemp -p {HOME}/.ssh", want: "deny", why: "mktemp -p makes a file in that directory" },
  { command: "mktemp", want: "allow", why: "mktemp makes a file under the temporary directory" },
]);
