/**
 * knowledge/gtfobins-launchers.ts as a table (issue 37): programs that run the
 * rest of their line as a command.
 */
import { KNOWLEDGE_POLICY, knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("gtfobins-launchers", [
  { command: "cpulimit -l 50 -- rm x", want: "deny", why: "cpulimit runs the command after --" },
  { command: "logsave log.txt rm x", want: "deny", why: "logsave runs the command after its log file" },
  { command: "logsave log.txt ls", want: "allow", why: "logsave runs ls" },
  { command: "run-parts dir", want: "ask", why: "run-parts runs every program in a directory permc does not list" },
  { command: "perf stat rm -rf x", want: "deny", why: "perf stat runs its operands as a command" },
  { command: "perf stat -e cycles -- make", want: "allow", why: "perf stat -e takes an event list; the command after -- runs as given" },
  { command: "perf stat -x, -r 3 -o stat.txt make", want: "allow", why: "perf stat's values, and the -o file it writes" },
  { command: "perf stat -o .env make", want: "deny", why: "perf stat -o writes its counts there" },
  { command: "perf stat --pre 'rm x' make", want: "deny", why: "perf stat --pre is a command line it runs with sh -c" },
  { command: "perf stat --unknown-opt make", want: "ask", why: "an option perf stat's grammar does not list" },
  { command: "perf stat -e prog.c make", want: "ask", why: "an event that is a C source is a BPF program perf compiles with clang" },
  { command: "perf stat record make", want: "ask", why: "perf stat record is a subcommand of perf stat's own" },
  { command: "perf stat -p 1", want: "ask", why: "perf stat -p counts a running process" },
  { command: "perf record -g ./a.out", want: "allow", why: "perf record runs ./a.out and writes perf.data" },
  { command: "perf record -o .env make", want: "deny", why: "perf record -o writes its samples there (and the old one as .env.old)" },
  { command: "perf record -o out.data make", want: "allow", why: "perf record -o writes its samples there" },
  { command: "perf record -F 99 --call-graph dwarf -- rm x", want: "deny", why: "perf record runs its operands as a command" },
  { command: "perf record -a", want: "ask", why: "perf record -a samples every process" },
  { command: "perf record --switch-output make", want: "ask", why: "perf record --switch-output writes timestamped names" },
  { command: "perf trace rm x", want: "deny", why: "perf trace runs its operands as a command" },
  { command: "perf trace -o trace.txt ls", want: "allow", why: "perf trace runs ls and writes its trace there" },
  { command: "perf trace record ls", want: "ask", why: "perf trace record takes perf record's options" },
  { command: "perf --no-pager stat make", want: "allow", why: "--no-pager before the subcommand" },
  { command: "perf script", want: "ask", why: "perf script runs Perl or Python scripts" },
  { command: "perf report", want: "ask", why: "perf report runs objdump and a pager" },
  { command: "perf --exec-path=./bin stat make", want: "ask", why: "--exec-path names where perf finds its programs" },
]);

// perf record and perf trace keep the file -o replaces as FILE.old (strace: rename("x.txt", "x.txt.old")): a write of that name too.
knowledgeTable(
  "gtfobins-launchers",
  [
    { command: "perf record -o out.data make", want: "deny", why: "perf record -o out.data keeps an existing out.data as out.data.old" },
    { command: "perf trace -o trace.txt ls", want: "deny", why: "perf trace -o trace.txt keeps an existing trace.txt as trace.txt.old" },
    { command: "perf stat -o stat.txt make", want: "allow", why: "perf stat -o replaces its file, keeping no .old" },
  ],
  { ...KNOWLEDGE_POLICY, path: { "*": "allow", "*.old": "deny" } },
);
