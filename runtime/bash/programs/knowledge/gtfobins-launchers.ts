/**
 * Launchers from the GTFOBins catalogue: programs that start a command
 * given as their remaining words. Where the grammar is small and the
 * command runs as given (a limit, a lock, a log, a profile), the wrapper is
 * exact and the inner command alone decides. Where it runs elsewhere, as
 * someone else or on another console, it keeps a floor and the inner
 * command is judged as well. Launchers whose grammar is too rich to follow
 * (a shell in disguise, a parallel runner, an agent) are floored in every
 * use. Grammars follow each program's manual page; an option not listed is
 * a reason to floor.
 */
import type { ProgramRecord } from "../program-record.js";
import { recordGroup } from "./record-group.js";

const elsewhere = (why: string) => ({ changed: why }) as const;

export const GTFOBINS_LAUNCHERS = recordGroup((): readonly ProgramRecord[] => [
  // AppArmor: the command runs as given, only more confined.
  {
    names: ["aa-exec"],
    options: {
      short: { p: "value", n: "value", i: "flag", v: "flag", d: "flag", h: "flag" },
      long: { profile: "value", namespace: "value", immediate: "flag", verbose: "flag", debug: "flag", help: "flag" },
    },
    operands: ["argv"],
  },
  // util-linux choom: an out-of-memory score, then the command as given.
  {
    names: ["choom"],
    options: { short: { n: "value", p: "value", h: "flag", V: "flag" }, long: { adjust: "value", pid: "value", help: "flag", version: "flag" } },
    operands: ["argv"],
  },
  // cpulimit: a CPU limit on the command it starts (or on a running process named by -p/-e).
  {
    names: ["cpulimit"],
    options: {
      short: {
        l: "value",
        p: "value",
        e: "value",
        P: "value",
        c: "value",
        z: "flag",
        i: "flag",
        k: "flag",
        r: "flag",
        v: "flag",
        q: "flag",
        b: "flag",
        m: "flag",
        f: "flag",
        h: "flag",
      },
      long: {
        limit: "value",
        pid: "value",
        exe: "value",
        path: "value",
        cpu: "value",
        lazy: "flag",
        "include-children": "flag",
        kill: "flag",
        restore: "flag",
        verbose: "flag",
        quiet: "flag",
        background: "flag",
        "monitor-forks": "flag",
        foreground: "flag",
        help: "flag",
      },
    },
    operands: ["argv"],
  },
  // e2fsprogs logsave: the command's output is also written to a log file.
  { names: ["logsave"], options: { short: { a: "flag", s: "flag", v: "flag" } }, operands: ["write", "argv"] },
  // daemontools setlock and softlimit: a lock file or resource limits, then the command as given.
  { names: ["setlock"], options: { short: { n: "flag", N: "flag", x: "flag", X: "flag" } }, operands: ["path", "argv"] },
  {
    names: ["softlimit"],
    options: { short: { m: "value", a: "value", d: "value", s: "value", l: "value", f: "value", c: "value", o: "value", p: "value", t: "value", r: "value" } },
    operands: ["argv"],
  },
  // torify runs torsocks, which preloads a network library into the command; aoss preloads an audio library.
  { names: ["torify"], options: { short: { v: "flag", h: "flag" }, long: { verbose: "flag", help: "flag" } }, operands: ["argv"] },
  { names: ["aoss"], operands: ["argv"] },
  // multitime runs the command several times; -i and -o name shell commands that feed and read it.
  {
    names: ["multitime"],
    options: { short: { f: "value", I: "value", n: "value", s: "value", q: "flag", v: "flag", i: "shell", o: "shell" } },
    operands: ["argv"],
  },
  // grc colours the output of the command it starts.
  {
    names: ["grc"],
    options: {
      short: { e: "flag", s: "flag", c: "read", h: "flag" },
      long: { stderr: "flag", stdout: "flag", config: "read", colour: { means: "value", takes: "attached" }, pty: "flag", help: "flag", version: "flag" },
    },
    operands: ["argv"],
  },
  // msgfilter runs its filter program once per message, with the filter's own arguments.
  {
    names: ["msgfilter"],
    options: {
      short: { i: "read", o: "write", D: "value", P: "flag", E: "flag", w: "value", s: "flag", n: "flag", h: "flag", V: "flag" },
      long: {
        input: "read",
        "output-file": "write",
        directory: "value",
        "properties-input": "flag",
        "stringtable-input": "flag",
        "keep-header": "flag",
        "no-escape": "flag",
        escape: "flag",
        "force-po": "flag",
        indent: "flag",
        "no-location": "flag",
        "add-location": { means: "value", takes: "attached" },
        strict: "flag",
        "properties-output": "flag",
        "stringtable-output": "flag",
        width: "value",
        "no-wrap": "flag",
        "sort-output": "flag",
        "sort-by-file": "flag",
        color: { means: "value", takes: "attached" },
        style: "value",
        newline: "flag",
        help: "flag",
        version: "flag",
      },
    },
    operands: ["argv"],
  },
  // sysstat pidstat -e: monitor the program it starts with the given arguments.
  {
    names: ["pidstat"],
    options: {
      unknown: "flag",
      permute: true,
      // -e runs the program after it; interval and count operands may come first, so the command cannot be cut out exactly.
      short: {
        e: { means: { unsure: "pidstat -e runs the program that follows, with its arguments" }, takes: "none" },
        C: "value",
        G: "value",
        p: "value",
        T: "value",
      },
      long: { dec: { means: "value", takes: "attached" }, human: "flag" },
    },
    operands: ["value"],
  },
  // gtester runs each operand as a test program.
  {
    names: ["gtester"],
    options: {
      short: { k: "flag", q: "flag", v: "flag", o: "write", p: "value", m: "value", h: "flag" },
      long: { "keep-going": "flag", quiet: "flag", verbose: "flag", seed: "value", "g-fatal-warnings": "flag", help: "flag", version: "flag" },
    },
    operands: ["program"],
  },
  // distcc hands the compile command to another host, or runs it here.
  { names: ["distcc"], runs: elsewhere("distcc may run the command on another host"), operands: ["argv"] },
  // kbd openvt: the command runs on another virtual console.
  {
    names: ["openvt"],
    runs: elsewhere("openvt runs the command on another virtual console"),
    options: {
      short: { c: "value", e: "flag", f: "flag", l: "flag", s: "flag", u: "flag", v: "flag", w: "flag", h: "flag", V: "flag" },
      long: {
        console: "value",
        exec: "flag",
        force: "flag",
        login: "flag",
        switch: "flag",
        user: "flag",
        verbose: "flag",
        wait: "flag",
        help: "flag",
        version: "flag",
      },
    },
    operands: ["argv"],
  },
  { names: ["capsh"], always: { unsure: "capsh runs a shell (its words after -- are the shell's) with changed capabilities and user" } },
  { names: ["ksu"], always: { unsure: "ksu runs a shell or a command as another user, authorised by Kerberos" } },
  { names: ["agetty"], always: { unsure: "agetty starts a login program on a terminal, which the -l option can replace by any program" } },
  { names: ["genie"], always: { unsure: "genie runs a shell or a command inside a systemd bottle (another namespace)" } },
  { names: ["pexec"], always: { unsure: "pexec runs commands in parallel through a shell, with templates permc does not read" } },
  { names: ["rlwrap"], always: { unsure: "rlwrap runs a command under filters, and its options name more programs (-z)" } },
  { names: ["perf"], always: { unsure: "perf runs and traces the command it is given, and perf script runs Perl or Python scripts" } },
  { names: ["xdg-user-dir"], always: { unsure: "xdg-user-dir evaluates its operand as shell source" } },
  { names: ["codex"], always: { unsure: "codex runs an agent that chooses and runs commands of its own, and codex sandbox runs any command" } },
  { names: ["service"], always: { unsure: "service runs the init script its operand names, as a system service" } },
  { names: ["run-parts"], always: { unsure: "run-parts runs every program in a directory" } },
  { names: ["xdotool"], always: { unsure: "xdotool runs programs (exec) and scripts of its own commands" } },
]);
