/**
 * knowledge/launchers.ts as a table (issue 37): launchers, tracers,
 * multiplexers and terminals that run a command, and where their own options
 * write.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("launchers", [
  { command: "taskset -c 0 rm x", want: "deny", why: "taskset runs the rest of the line" },
  {
    command: "echo 'rm -f victim' | script -q /dev/null",
    want: "ask",
    why: "script without -c runs an interactive shell that reads the input: it removed the victim (a real run)",
  },
  { command: "script -q session.log", want: "ask", why: "an interactive shell, its log named" },
  { command: "script -q -c 'rm x' /dev/null", want: "deny", why: "-c runs the command" },
  { command: "script -q ~/.ssh/log", want: "deny", why: "the log file is written" },
  { command: "taskset -c 0 ls", want: "allow", why: "taskset runs ls" },
  { command: "strace -o out.txt ls", want: "allow", why: "strace -o writes its trace there" },
  { command: "strace -o x.env ls", want: "deny", why: "strace -o writes its trace there" },
  { command: "watch rm x", want: "deny", why: "watch runs its operands as a command" },
  { command: "xterm -e rm x", want: "deny", why: "a terminal's -e runs a command" },
  { command: "flatpak-spawn --host rm x", want: "deny", why: "flatpak-spawn runs a command on the host" },
  { command: "chroot / rm x", want: "deny", why: "chroot runs a command" },
  { command: "hyperfine 'rm -rf x'", want: "deny", why: "hyperfine runs each operand with sh -c" },
  {
    command: "hyperfine 'npm test'",
    want: "ask",
    why: "each operand is a command line run with sh -c: judged, and floored as every shell string is (sh -c 'npm test' asks too)",
  },
  { command: "hyperfine --runs 3 make 'rm x'", want: "deny", why: "every operand is a benchmark command" },
  { command: "hyperfine make --cleanup 'rm x'", want: "deny", why: "--cleanup is a command line; options may follow operands" },
  { command: "hyperfine -p 'curl x' 'make'", want: "deny", why: "-p is a command line run before each run" },
  { command: "hyperfine -P n 1 3 'make -j{n}'", want: "ask", why: "-P puts values into the command text" },
  { command: "hyperfine -L c gcc,clang '{c} x.c'", want: "ask", why: "-L puts values into the command text" },
  { command: "hyperfine -N make", want: "ask", why: "-N splits the command into words by rules of its own" },
  { command: "hyperfine -S bash make", want: "ask", why: "-S names the shell that runs the commands" },
  { command: "hyperfine --export-json .env make", want: "deny", why: "--export-json writes its file" },
  { command: "hyperfine --input .env make", want: "deny", why: "--input is a file the commands read" },
  { command: "hyperfine --output .env make", want: "deny", why: "--output FILE is where the commands' output goes" },
  { command: "hyperfine --unknown-opt make", want: "ask", why: "an option hyperfine's grammar does not list" },
  // The run fuzz's first finding (hunt/run-fuzz.ts): strace showed `prlimit -u rm` run rm.
  { command: "prlimit -u rm x", want: "deny", why: "a resource's limit is attached only: rm is the command" },
  { command: "prlimit -v rm x", want: "deny", why: "-v is the address-space resource, not a flag: rm is the command" },
  { command: "prlimit -r rm x", want: "deny", why: "-r is the real-time priority resource: rm is the command" },
  { command: "prlimit -u500 rm x", want: "deny", why: "the limit attached, rm is the command" },
  { command: "prlimit -u=500 ls", want: "allow", why: "the limit attached after `=`, ls is the command" },
  { command: "prlimit --nproc rm x", want: "deny", why: "the long form's limit is attached only too: rm is the command" },
  { command: "prlimit -o rm ls", want: "allow", why: "-o takes its column list as the next word" },
  { command: "fakeroot --faked rm ls", want: "ask", why: "fakeroot evaluates the daemon's program in a shell line; ls is the command" },
  { command: "fakeroot --fa rm ls", want: "ask", why: "getopt takes a unique prefix: --faked" },
  { command: "fakeroot -u rm x", want: "deny", why: "-u is a flag; rm is the command" },
  { command: "fakeroot -s 'x;rm v' ls", want: "ask", why: "fakeroot evaluates -s's file in a shell line" },
  { command: "fakeroot -l 'x;rm v' ls", want: "ask", why: "fakeroot evaluates the library's name (eval echo)" },
  { command: "fakeroot -u ls", want: "allow", why: "-u is a flag; ls is the command" },
  // A terminal with no command starts the user's shell, whose start-up files run; its configuration may name the shell.
  { command: "echo 'touch y' >> ~/.bashrc && xterm", want: "ask", why: "xterm starts an interactive shell" },
  { command: "printf 'shell touch y\\n' > ~/.config/kitty/kitty.conf && kitty", want: "ask", why: "kitty.conf names the shell kitty starts" },
  { command: "xterm", want: "allow", why: "nothing written first" },
  { command: "valgrind.bin --tool=none sh -c 'rm victim'", want: "deny", why: "valgrind's own binary is valgrind" },
]);
