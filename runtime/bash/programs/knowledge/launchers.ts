/**
 * Launchers: programs that start another program with changed scheduling,
 * limits, namespaces, sandboxes, terminals or timing. Scheduling and limits
 * leave the command as it is (`runs: same`); namespaces, sandboxes, detached
 * sessions and services change where or when it runs, so they keep a floor.
 */
import type { ProgramRecord } from "../program-record.js";

const ELSEWHERE = (why: string) => ({ changed: why }) as const;

export const LAUNCHERS: readonly ProgramRecord[] = [
  { names: ["taskset"], options: { short: { a: "flag", p: { means: { unsure: "taskset -p changes a running process" }, takes: "value" }, c: "flag" }, long: { "all-tasks": "flag", cpu: "flag", "cpu-list": "flag" } }, operands: ["value", "argv"] },
  {
    names: ["chrt"],
    options: {
      short: { a: "flag", b: "flag", d: "flag", f: "flag", i: "flag", o: "flag", r: "flag", e: "flag", R: "flag", v: "flag", m: "flag", T: "value", P: "value", D: "value", p: { means: { unsure: "chrt -p changes a running process" }, takes: "value" } },
      long: { "all-tasks": "flag", batch: "flag", deadline: "flag", fifo: "flag", idle: "flag", other: "flag", rr: "flag", "ext": "flag", "reset-on-fork": "flag", verbose: "flag", "sched-runtime": "value", "sched-period": "value", "sched-deadline": "value", max: "flag" },
    },
    operands: ["value", "argv"],
  },
  {
    names: ["ionice"],
    options: { short: { c: "value", n: "value", t: "flag", p: { means: { unsure: "ionice -p changes a running process" }, takes: "value" }, P: { means: { unsure: "ionice -P" }, takes: "value" }, u: { means: { unsure: "ionice -u" }, takes: "value" } }, long: { class: "value", classdata: "value", ignore: "flag" } },
    operands: ["argv"],
  },
  {
    names: ["numactl"],
    options: {
      short: { a: "flag", b: "flag", l: "flag", s: "flag", H: "flag", S: "flag", C: "value", N: "value", m: "value", p: "value", i: "value", P: "value", w: "value", c: "value" },
      long: { all: "flag", balancing: "flag", localalloc: "flag", show: "flag", hardware: "flag", physcpubind: "value", cpunodebind: "value", membind: "value", preferred: "value", "preferred-many": "value", interleave: "value", weighted: "value" },
    },
    operands: ["argv"],
  },
  {
    names: ["prlimit"],
    options: {
      abbreviations: true,
      short: { p: { means: { unsure: "prlimit -p changes a running process" }, takes: "value" }, o: "value", v: "flag", r: "flag", c: "value", d: "value", e: "value", f: "value", i: "value", l: "value", m: "value", n: "value", q: "value", s: "value", t: "value", u: "value", x: "value", y: "value" },
      long: {
        pid: { means: { unsure: "prlimit --pid changes a running process" }, takes: "value" }, output: "value", noheadings: "flag", raw: "flag", verbose: "flag",
        core: { means: "value", takes: "attached" }, data: { means: "value", takes: "attached" }, fsize: { means: "value", takes: "attached" },
        nofile: { means: "value", takes: "attached" }, nproc: { means: "value", takes: "attached" }, cpu: { means: "value", takes: "attached" },
        stack: { means: "value", takes: "attached" }, as: { means: "value", takes: "attached" }, memlock: { means: "value", takes: "attached" },
        rss: { means: "value", takes: "attached" }, locks: { means: "value", takes: "attached" }, sigpending: { means: "value", takes: "attached" },
        msgqueue: { means: "value", takes: "attached" }, nice: { means: "value", takes: "attached" }, rtprio: { means: "value", takes: "attached" }, rttime: { means: "value", takes: "attached" },
      },
    },
    operands: ["argv"],
  },
  { names: ["setarch", "linux32", "linux64", "i386", "x86_64"], options: { short: { v: "flag", R: "flag", F: "flag", Z: "flag", L: "flag", X: "flag", B: "flag", I: "flag", S: "flag", T: "flag", "3": "flag" }, long: { verbose: "flag", "addr-no-randomize": "flag", "fdpic-funcptrs": "flag", "mmap-page-zero": "flag", "addr-compat-layout": "flag", "read-implies-exec": "flag", "32bit": "flag", "short-inode": "flag", "whole-seconds": "flag", "sticky-timeouts": "flag", "3gb": "flag", "4gb": "flag", "uname-2.6": "flag", list: "flag" } }, operands: ["value", "argv"] },
  {
    names: ["setpriv"],
    runs: ELSEWHERE("runs the command with changed privileges"),
    options: {
      short: { d: "flag" },
      long: {
        dump: "flag", "no-new-privs": "flag", "inh-caps": "value", "ambient-caps": "value", "bounding-set": "value", "keep-groups": "flag",
        "clear-groups": "flag", groups: "value", "init-groups": "flag", "reuid": "value", "regid": "value", ruid: "value", rgid: "value",
        euid: "value", egid: "value", securebits: "value", "pdeathsig": "value", "selinux-label": "value", "apparmor-profile": "value",
        "landlock-access": "value", "landlock-rule": "value", "reset-env": "flag", "list-caps": "flag",
      },
    },
    operands: ["argv"],
  },
  {
    names: ["unshare"],
    runs: ELSEWHERE("runs the command in new namespaces"),
    options: {
      abbreviations: true,
      short: { m: { means: "value", takes: "attached" }, u: { means: "value", takes: "attached" }, i: { means: "value", takes: "attached" }, n: { means: "value", takes: "attached" }, p: { means: "value", takes: "attached" }, U: { means: "value", takes: "attached" }, C: { means: "value", takes: "attached" }, T: { means: "value", takes: "attached" }, f: "flag", r: "flag", c: "flag", S: "value", G: "value", R: "chdir", w: "chdir", l: "flag" },
      long: { mount: { means: "value", takes: "attached" }, uts: { means: "value", takes: "attached" }, ipc: { means: "value", takes: "attached" }, net: { means: "value", takes: "attached" }, pid: { means: "value", takes: "attached" }, user: { means: "value", takes: "attached" }, cgroup: { means: "value", takes: "attached" }, time: { means: "value", takes: "attached" }, fork: "flag", "map-root-user": "flag", "map-current-user": "flag", "map-user": "value", "map-group": "value", "map-users": "value", "map-groups": "value", "map-auto": "flag", "kill-child": { means: "value", takes: "attached" }, "mount-proc": { means: "value", takes: "attached" }, "mount-binfmt": { means: "value", takes: "attached" }, propagation: "value", setgroups: "value", setuid: "value", setgid: "value", root: "chdir", wd: "chdir", monotonic: "value", boottime: "value", "load-interp": "value", "keep-caps": "flag" },
    },
    operands: ["argv"],
    bare: { unsure: "unshare with no command runs a shell" },
  },
  {
    names: ["nsenter"],
    runs: ELSEWHERE("runs the command in another process's namespaces"),
    options: {
      abbreviations: true,
      short: { a: "flag", t: "value", m: { means: "value", takes: "attached" }, u: { means: "value", takes: "attached" }, i: { means: "value", takes: "attached" }, n: { means: "value", takes: "attached" }, p: { means: "value", takes: "attached" }, U: { means: "value", takes: "attached" }, C: { means: "value", takes: "attached" }, T: { means: "value", takes: "attached" }, S: "value", G: "value", r: { means: "chdir", takes: "attached" }, w: { means: "chdir", takes: "attached" }, W: "chdir", F: "flag", Z: "flag", c: "flag", e: "flag" },
      long: { all: "flag", target: "value", mount: { means: "value", takes: "attached" }, uts: { means: "value", takes: "attached" }, ipc: { means: "value", takes: "attached" }, net: { means: "value", takes: "attached" }, pid: { means: "value", takes: "attached" }, user: { means: "value", takes: "attached" }, cgroup: { means: "value", takes: "attached" }, time: { means: "value", takes: "attached" }, setuid: "value", setgid: "value", "preserve-credentials": "flag", root: { means: "chdir", takes: "attached" }, wd: { means: "chdir", takes: "attached" }, "wdns": "chdir", "no-fork": "flag", "follow-context": "flag", "join-cgroup": "flag", env: "flag" },
    },
    operands: ["argv"],
    bare: { unsure: "nsenter with no command runs a shell" },
  },
  { names: ["chroot"], runs: ELSEWHERE("runs the command under another root directory"), options: { long: { userspec: "value", groups: "value", "skip-chdir": "flag", help: "flag", version: "flag" } }, operands: ["path", "argv"], bare: { unsure: "chroot with no command runs a shell" } },
  { names: ["bwrap"], always: { unsure: "bwrap builds a sandbox whose mounts change what the command sees" } },
  { names: ["firejail", "proot", "fakechroot", "schroot", "systemd-nspawn", "arch-chroot", "arch-nspawn", "lxc-attach", "lxc-execute"], always: { unsure: "runs the command in a sandbox or container whose view of files differs" } },
  { names: ["fakeroot"], options: { short: { l: "value", s: "write", i: "read", u: "flag", b: "value" }, long: { lib: "value", faked: "value", unknown: "flag", "unknown-is-real": "flag" } }, operands: ["argv"], bare: { unsure: "fakeroot with no command runs a shell" } },
  { names: ["faketime"], options: { short: { m: "flag", f: "flag", p: "value" }, long: { exclude_monotonic: "flag", "date-prog": "value" } }, operands: ["value", "argv"] },
  { names: ["strace"], options: { permute: false, short: { c: "flag", C: "flag", d: "flag", D: "flag", f: "flag", F: "flag", h: "flag", i: "flag", k: "flag", q: "flag", r: "flag", t: "flag", T: "flag", v: "flag", V: "flag", w: "flag", x: "flag", y: "flag", z: "flag", Z: "flag", a: "value", b: "value", e: "value", E: "value", I: "value", o: "write", O: "value", p: { means: { unsure: "strace -p attaches to a running process" }, takes: "value" }, P: "value", s: "value", S: "value", u: "value", X: "value", U: "value" } }, operands: ["argv"] },
  { names: ["ltrace"], options: { short: { b: "flag", c: "flag", C: "flag", f: "flag", h: "flag", i: "flag", L: "flag", r: "flag", S: "flag", t: "flag", T: "flag", V: "flag", a: "value", A: "value", D: "value", e: "value", F: "read", l: "value", n: "value", o: "write", p: { means: { unsure: "ltrace -p attaches to a running process" }, takes: "value" }, s: "value", u: "value", w: "value", x: "value" } }, operands: ["argv"] },
  { names: ["valgrind"], options: { unknown: "flag" }, operands: ["argv"] },
  { names: ["proxychains", "proxychains4"], options: { short: { q: "flag", f: "read" } }, operands: ["argv"] },
  { names: ["torsocks"], options: { short: { u: "value", p: "value", a: "value", P: "value", d: "flag", q: "flag", i: "flag" }, long: { user: "value", pass: "value", address: "value", port: "value", debug: "flag", quiet: "flag", isolate: "flag", shell: { means: { unsure: "torsocks --shell runs a shell" } } } }, operands: ["argv"] },
  { names: ["caffeinate"], options: { short: { d: "flag", i: "flag", m: "flag", s: "flag", u: "flag", t: "value", w: "value" } }, operands: ["argv"] },
  { names: ["cgexec"], options: { short: { g: "value" }, long: { sticky: "flag" } }, operands: ["argv"] },
  { names: ["dbus-run-session"], options: { long: { "config-file": "read", "dbus-daemon": { means: { unsure: "dbus-run-session --dbus-daemon runs another program" } } } }, operands: ["argv"] },
  { names: ["xvfb-run"], options: { short: { a: "flag", d: "flag", n: "value", s: "value", f: "path", p: "value", e: "write", w: "value", l: "flag" }, long: { "auto-servernum": "flag", "auto-display": "flag", "server-num": "value", "server-args": "value", "auth-file": "path", "xauth-protocol": "value", "error-file": "write", wait: "value", "listen-tcp": "flag" } }, operands: ["argv"] },
  { names: ["systemd-run"], runs: ELSEWHERE("runs the command as a system service"), options: { unknown: "flag", permute: false, short: { u: "value", p: "value", E: "value", H: "value", M: "value", S: { means: { unsure: "systemd-run --shell runs a shell" } }, G: "flag", d: "flag", t: "flag", P: "flag", q: "flag", r: "flag" }, long: { unit: "value", property: "value", setenv: "value", host: "value", machine: "value", slice: "value", description: "value", uid: "value", gid: "value", nice: "value", "working-directory": "chdir", "on-calendar": "value", "on-active": "value", "on-boot": "value", "on-startup": "value", "on-unit-active": "value", "on-unit-inactive": "value", "timer-property": "value", "path-property": "value", "socket-property": "value", "service-type": "value", shell: { means: { unsure: "systemd-run --shell runs a shell" } }, user: "flag", system: "flag", scope: "flag", wait: "flag", pipe: "flag", pty: "flag", quiet: "flag", "no-block": "flag", "same-dir": "flag", "collect": "flag", "remain-after-exit": "flag", "send-sighup": "flag" } }, operands: ["argv"] },
  { names: ["start-stop-daemon"], runs: ELSEWHERE("starts the program as a daemon"), options: { abbreviations: true, short: { S: "flag", K: "flag", T: "flag", H: "flag", V: "flag", x: "program", n: "value", u: "value", a: "program", p: "path", g: "value", s: "value", R: "value", c: "value", r: "chdir", d: "chdir", N: "value", P: "value", I: "value", k: "value", b: "flag", C: "flag", m: "flag", O: "write", q: "flag", o: "flag", v: "flag" }, long: { start: "flag", stop: "flag", status: "flag", exec: "program", startas: "program", name: "value", user: "value", pidfile: "path", group: "value", signal: "value", retry: "value", chuid: "value", chroot: "chdir", chdir: "chdir", nicelevel: "value", procsched: "value", iosched: "value", umask: "value", background: "flag", "no-close": "flag", "make-pidfile": "flag", "remove-pidfile": "flag", "output": "write", quiet: "flag", oknodo: "flag", verbose: "flag", test: "flag" } }, operands: ["value"] },
  { names: ["ld.so", "ld-linux.so.2", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "ld-linux-armhf.so.3", "ld64.so.1", "ld64.so.2", "ld-musl-x86_64.so.1", "ld-musl-aarch64.so.1"], options: { long: { list: { means: "flag", operands: ["read"] }, verify: { means: "flag", operands: ["read"] }, "library-path": "value", "inhibit-cache": "flag", "inhibit-rpath": "value", audit: { means: { unsure: "the loader loads an audit library" } }, preload: { means: { unsure: "the loader preloads a library" } }, argv0: "value", "glibc-hwcaps-prepend": "value", "glibc-hwcaps-mask": "value", "list-tunables": "flag", "list-diagnostics": "flag", help: "flag", version: "flag" } }, operands: ["argv"] },
  { names: ["tmux"], always: { unsure: "tmux runs shell commands in a terminal session" } },
  { names: ["screen"], always: { unsure: "screen runs commands in a terminal session" } },
  { names: ["script"], options: { short: { a: "flag", e: "flag", f: "flag", q: "flag", E: "value", I: "read", O: "write", B: "write", T: "write", t: { means: "write", takes: "attached" }, m: "value", c: "shell", o: "value", V: "flag", h: "flag" }, long: { append: "flag", "return": "flag", flush: "flag", quiet: "flag", echo: "value", "log-in": "write", "log-out": "write", "log-io": "write", "log-timing": "write", "logging-format": "value", command: "shell", "output-limit": "value", force: "flag", timing: { means: "write", takes: "attached" } } }, operands: ["write"], bare: { unsure: "script with no -c runs an interactive shell" }, runs: { changed: "runs the command in a recorded terminal session" } },
  { names: ["expect", "autoexpect"], always: { code: "expect (Tcl)" } },
  { names: ["gdb", "lldb", "cgdb", "gdbserver"], always: { unsure: "a debugger can run shell commands and change the program it runs" } },
  { names: ["hyperfine"], always: { unsure: "hyperfine runs its benchmark commands through a shell" } },
  { names: ["pee"], operands: ["shell"] },
  { names: ["at", "batch"], always: { unsure: "at runs commands later, read from its input" } },
  { names: ["crontab"], always: { unsure: "crontab installs commands to run later" } },
  { names: ["watch"], runs: { changed: "watch runs the command repeatedly through sh -c" }, options: { abbreviations: true, short: { b: "flag", c: "flag", C: "flag", e: "flag", g: "flag", t: "flag", w: "flag", x: { means: "flag", operands: ["argv"] }, n: "value", q: "value", s: "value", r: "flag", d: { means: "value", takes: "attached" }, p: "flag", h: "flag", v: "flag" }, long: { beep: "flag", color: "flag", "no-color": "flag", errexit: "flag", chgexit: "flag", "no-title": "flag", "no-wrap": "flag", exec: { means: "flag", operands: ["argv"] }, interval: "value", equexit: "value", shotsdir: "value", "no-rerun": "flag", differences: { means: "value", takes: "attached" }, precise: "flag", help: "flag", version: "flag" } }, operands: ["shell-rest"] },
];
