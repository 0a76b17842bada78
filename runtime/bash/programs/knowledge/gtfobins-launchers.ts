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
import type { Meaning, OptionSpec, ProgramRecord, Subcommand } from "../program-record.js";
import { recordGroup } from "./record-group.js";

const elsewhere = (why: string) => ({ changed: why }) as const;

/**
 * perf's `-e` (and the options that take an event list): a list of event
 * names, unless a word of it is a BPF object or C source (`-e prog.c`,
 * perf's parse-events.l: `….o`, `….bpf`, `….c`), which perf compiles with
 * clang and loads.
 */
const PERF_EVENT: OptionSpec = {
  means: { unsure: "perf -e loads a BPF program as an event (a C source it compiles with clang, or an object)", when: /\.(?:[co]|bpf)/ },
  takes: "value",
};

/** An option that points perf at other processes than the command it starts: their samples, stacks and syscalls. */
const PERF_OTHERS = (takes: "none" | "value"): OptionSpec => ({
  means: { unsure: "perf observes other processes than the command it starts (-a, -C, -p, -t, -u)" },
  takes,
});

/** `--control fifo:CTL,ACK` opens the files it names; `fd:N` uses descriptors. */
const PERF_CONTROL: OptionSpec = { means: { unsure: "perf --control opens the FIFOs it names or reads commands from a descriptor" }, takes: "value" };

/** An optional value, only attached (`-z3`, `--aio=4`; perf's PARSE_OPT_OPTARG). */
const OPTIONAL_VALUE: OptionSpec = { means: "value", takes: "attached" };

/** A subcommand of perf's that permc does not read. */
const PERF_UNSURE = (why: string): Subcommand => ({ always: { unsure: why } });

/**
 * `perf stat [OPTIONS] CMD…` (perf 6.1's `perf stat -h`): counts the events
 * of the command it runs, which runs as given (the first word that is not an
 * option ends the options). It writes only the `-o` file. `rec`…`record` and
 * `rep`…`report` as the first operand are perf stat's own subcommands (any
 * prefix of three letters or more): not read.
 */
const PERF_STAT_SHORT: Readonly<Record<string, OptionSpec | Meaning>> = {
  a: "flag",
  A: "flag",
  B: "flag",
  C: "value",
  D: "value",
  d: "flag",
  e: PERF_EVENT,
  G: "value",
  g: "flag",
  h: "flag",
  I: "value",
  i: "flag",
  j: "flag",
  M: "value",
  n: "flag",
  o: "write",
  p: PERF_OTHERS("value"),
  r: "value",
  S: "flag",
  t: PERF_OTHERS("value"),
  T: "flag",
  v: "flag",
  x: "value",
};

const PERF_STAT_LONG: Readonly<Record<string, OptionSpec | Meaning>> = {
  "all-cpus": "flag",
  "no-aggr": "flag",
  "big-num": "flag",
  cpu: "value",
  delay: "value",
  detailed: "flag",
  event: PERF_EVENT,
  cgroup: "value",
  group: "flag",
  help: "flag",
  "interval-print": "value",
  "no-inherit": "flag",
  "json-output": "flag",
  metrics: "value",
  null: "flag",
  output: "write",
  pid: PERF_OTHERS("value"),
  repeat: "value",
  sync: "flag",
  tid: PERF_OTHERS("value"),
  transaction: "flag",
  verbose: "flag",
  "field-separator": "value",
  "all-kernel": "flag",
  "all-user": "flag",
  append: "flag",
  control: PERF_CONTROL,
  cputype: "value",
  filter: "value",
  "for-each-cgroup": "value",
  "hybrid-merge": "flag",
  "interval-clear": "flag",
  "interval-count": "value",
  iostat: OPTIONAL_VALUE,
  "log-fd": "value",
  "metric-no-group": "flag",
  "metric-no-merge": "flag",
  "metric-only": "flag",
  "no-csv-summary": "flag",
  "no-merge": "flag",
  "per-core": "flag",
  "per-die": "flag",
  "per-node": "flag",
  "per-socket": "flag",
  "per-thread": "flag",
  "percore-show-thread": "flag",
  // Run with system(3): `sh -c CMD` before and after each run.
  pre: "shell",
  post: "shell",
  quiet: "flag",
  scale: "flag",
  "no-scale": "flag",
  "smi-cost": "flag",
  summary: "flag",
  table: "flag",
  "td-level": "value",
  timeout: "value",
  topdown: "flag",
};

const PERF_STAT_SUBCOMMAND = PERF_UNSURE("perf stat record and perf stat report record to or read perf.data with options of their own");

const PERF_STAT: Subcommand = {
  options: { unknown: "unsure", permute: false, short: PERF_STAT_SHORT, long: PERF_STAT_LONG },
  operands: ["argv"],
  subcommands: Object.fromEntries(["rec", "reco", "recor", "record", "rep", "repo", "repor", "report"].map((name) => [name, PERF_STAT_SUBCOMMAND])),
};

/**
 * `perf record [OPTIONS] CMD…` (perf 6.1's `perf record -h`): samples the
 * command it runs into `-o FILE`, by default perf.data in the working
 * directory (standard output when that is a pipe), first renaming an
 * existing one to FILE.old (strace: rename("perf.data", "perf.data.old")):
 * both are written. It also adds the binaries it
 * sampled to the build-id cache (~/.debug; -N leaves it). Options that write
 * other names (a directory of files, timestamped files, a copy of kcore),
 * run clang or fetch debug information are not read.
 */
const PERF_RECORD: Subcommand = {
  writesImplicitly: ["perf.data", "perf.data.old"],
  bare: { unsure: "perf record with no command samples every process" },
  options: {
    unknown: "unsure",
    permute: false,
    short: {
      a: PERF_OTHERS("none"),
      b: "flag",
      B: "flag",
      c: "value",
      C: PERF_OTHERS("value"),
      d: "flag",
      D: "value",
      e: PERF_EVENT,
      F: "value",
      g: "flag",
      G: "value",
      h: "flag",
      I: OPTIONAL_VALUE,
      i: "flag",
      j: "value",
      k: "value",
      m: "value",
      N: "flag",
      n: "flag",
      o: "write-keeps-old",
      P: "flag",
      p: PERF_OTHERS("value"),
      q: "flag",
      R: "flag",
      r: "value",
      S: OPTIONAL_VALUE,
      s: "flag",
      t: PERF_OTHERS("value"),
      T: "flag",
      u: PERF_OTHERS("value"),
      v: "flag",
      W: "flag",
      z: OPTIONAL_VALUE,
    },
    long: {
      "all-cpus": PERF_OTHERS("none"),
      "branch-any": "flag",
      "no-buildid": "flag",
      count: "value",
      cpu: PERF_OTHERS("value"),
      data: "flag",
      delay: "value",
      event: PERF_EVENT,
      freq: "value",
      cgroup: "value",
      help: "flag",
      "intr-regs": OPTIONAL_VALUE,
      "no-inherit": "flag",
      "branch-filter": "value",
      clockid: "value",
      "mmap-pages": "value",
      "no-buildid-cache": "flag",
      "no-samples": "flag",
      output: "write-keeps-old",
      period: "flag",
      pid: PERF_OTHERS("value"),
      quiet: "flag",
      "raw-samples": "flag",
      realtime: "value",
      snapshot: OPTIONAL_VALUE,
      stat: "flag",
      tid: PERF_OTHERS("value"),
      timestamp: "flag",
      uid: PERF_OTHERS("value"),
      verbose: "flag",
      weight: "flag",
      "compression-level": OPTIONAL_VALUE,
      affinity: "value",
      aio: OPTIONAL_VALUE,
      "all-cgroups": "flag",
      "all-kernel": "flag",
      "all-user": "flag",
      "aux-sample": OPTIONAL_VALUE,
      "buildid-all": "flag",
      "buildid-mmap": "flag",
      "call-graph": "value",
      "clang-opt": { means: { unsure: "perf record --clang-opt passes options to the clang it runs on a BPF source" }, takes: "value" },
      "clang-path": { means: { unsure: "perf record --clang-path names the compiler it runs on a BPF source" }, takes: "value" },
      "code-page-size": "flag",
      control: PERF_CONTROL,
      "data-page-size": "flag",
      debuginfod: { means: { unsure: "perf record --debuginfod downloads debug information from servers" }, takes: "attached" },
      "dry-run": "flag",
      "exclude-perf": "flag",
      filter: "value",
      group: "flag",
      kcore: { unsure: "perf record --kcore copies /proc/kcore into a directory it makes of its output" },
      "kernel-callchains": "flag",
      "max-size": "value",
      "mmap-flush": "value",
      namespaces: "flag",
      "no-bpf-event": "flag",
      "no-buffering": "flag",
      "num-thread-synthesize": "value",
      "off-cpu": "flag",
      overwrite: "flag",
      "per-thread": "flag",
      "phys-data": "flag",
      "proc-map-timeout": "value",
      "running-time": "flag",
      "sample-cpu": "flag",
      "sample-identifier": "flag",
      "strict-freq": "flag",
      "switch-events": "flag",
      "switch-max-files": "value",
      "switch-output": { means: { unsure: "perf record --switch-output writes its output under timestamped names" }, takes: "attached" },
      "switch-output-event": { means: { unsure: "perf record --switch-output-event writes its output under timestamped names" }, takes: "value" },
      synth: "value",
      "tail-synthesize": "flag",
      threads: { means: { unsure: "perf record --threads writes a directory of data files" }, takes: "attached" },
      "timestamp-boundary": "flag",
      "timestamp-filename": { unsure: "perf record --timestamp-filename writes its output under a timestamped name" },
      transaction: "flag",
      "user-callchains": "flag",
      "user-regs": OPTIONAL_VALUE,
      vmlinux: "read",
    },
  },
  operands: ["argv"],
};

/**
 * `perf trace [OPTIONS] CMD…` (perf 6.1's `perf trace -h`): prints the
 * syscalls of the command it runs, to standard error or `-o FILE` (an
 * existing FILE is kept as FILE.old); `-i FILE` reads recorded events.
 * `perf trace record` records with perf record's options: not read.
 */
const PERF_TRACE: Subcommand = {
  bare: { unsure: "perf trace with no command traces every process" },
  options: {
    unknown: "unsure",
    permute: false,
    short: {
      a: PERF_OTHERS("none"),
      C: PERF_OTHERS("value"),
      D: "value",
      e: PERF_EVENT,
      f: "flag",
      F: "value",
      G: "value",
      h: "flag",
      i: "read",
      m: "value",
      o: "write-keeps-old",
      p: PERF_OTHERS("value"),
      s: "flag",
      S: "flag",
      t: PERF_OTHERS("value"),
      T: "flag",
      u: PERF_OTHERS("value"),
      v: "flag",
    },
    long: {
      "all-cpus": PERF_OTHERS("none"),
      cpu: PERF_OTHERS("value"),
      delay: "value",
      event: PERF_EVENT,
      force: "flag",
      pf: "value",
      cgroup: "value",
      help: "flag",
      input: "read",
      "mmap-pages": "value",
      output: "write-keeps-old",
      pid: PERF_OTHERS("value"),
      summary: "flag",
      "with-summary": "flag",
      tid: PERF_OTHERS("value"),
      time: "flag",
      uid: PERF_OTHERS("value"),
      verbose: "flag",
      "call-graph": "value",
      comm: "flag",
      duration: "value",
      "errno-summary": "flag",
      expr: PERF_EVENT,
      failure: "flag",
      filter: "value",
      "filter-pids": "value",
      "kernel-syscall-graph": "flag",
      libtraceevent_print: "flag",
      "map-dump": "value",
      "max-events": "value",
      "max-stack": "value",
      "min-stack": "value",
      "no-inherit": "flag",
      "print-sample": "flag",
      "proc-map-timeout": "value",
      sched: "flag",
      "show-on-off-events": "flag",
      "sort-events": "flag",
      "switch-off": PERF_EVENT,
      "switch-on": PERF_EVENT,
      syscalls: "flag",
      tool_stats: "flag",
    },
  },
  operands: ["argv"],
  subcommands: { record: PERF_UNSURE("perf trace record records with perf record's options, which permc does not read here") },
};

/**
 * perf: stat, record and trace run their command as given and are read; every
 * other subcommand is floored (perf script runs Perl or Python scripts,
 * report and annotate run objdump and a pager, probe and kvm change the
 * system, an unknown name runs perf-NAME from perf's exec path). perf reads
 * ~/.perfconfig and /etc/perfconfig (a pager, clang, BPF events to add; not the
 * working directory's): one the same command writes first is a two-step.
 * Before the subcommand only --no-pager is read.
 */
const PERF: ProgramRecord = {
  names: ["perf"],
  runsImplicitly: [".perfconfig", "perfconfig"],
  options: { unknown: "unsure", permute: false, long: { "no-pager": "flag" } },
  subcommands: { stat: PERF_STAT, record: PERF_RECORD, trace: PERF_TRACE },
  otherSubcommands: PERF_UNSURE("perf runs the command it is given under subcommands permc does not read, and perf script runs Perl or Python scripts"),
};

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
  PERF,
  { names: ["xdg-user-dir"], always: { unsure: "xdg-user-dir evaluates its operand as shell source" } },
  { names: ["service"], always: { unsure: "service runs the init script its operand names, as a system service" } },
  { names: ["run-parts"], always: { unsure: "run-parts runs every program in a directory" } },
  { names: ["xdotool"], always: { unsure: "xdotool runs programs (exec) and scripts of its own commands" } },
]);
