/**
 * Programs that run a command given as their remaining words (an argv).
 *
 * Each grammar lists every option the program documents (man pages of GNU
 * coreutils 9, util-linux 2.39, sudo 1.9, OpenBSD doas, GNU findutils), so an
 * option permc does not know is a reason to floor, not a guess. `runs: same`
 * means the inner command alone decides (it runs exactly as given); anything
 * else keeps a floor even when the inner command is understood.
 */
import type { ProgramRecord } from "../program-record.js";

const AS_ROOT = { changed: "runs the command as another user" } as const;

export const WRAPPERS: readonly ProgramRecord[] = [
  {
    names: ["sudo"],
    runs: AS_ROOT,
    options: {
      assignments: true,
      abbreviations: true,
      short: {
        A: "flag", b: "flag", B: "flag", E: "flag", H: "flag", k: "flag", n: "flag", P: "flag", S: "flag", N: "flag",
        u: "value", g: "value", p: "value", C: "value", T: "value", U: "value", r: "value", t: "value",
        D: "chdir",
        e: { means: { unsure: "sudo -e edits files as another user" } },
        s: { means: { unsure: "sudo -s runs a shell" } },
        i: { means: { unsure: "sudo -i runs a login shell" } },
        R: { means: { unsure: "sudo -R changes the root directory" }, takes: "value" },
        h: { means: { unsure: "sudo -h" } },
        l: { means: { unsure: "sudo -l lists or checks privileges" } },
        v: "flag", K: "flag", V: "flag",
      },
      long: {
        askpass: "flag", background: "flag", bell: "flag", "preserve-env": { means: "value", takes: "attached" },
        "set-home": "flag", "reset-timestamp": "flag", "non-interactive": "flag", "preserve-groups": "flag",
        stdin: "flag", user: "value", group: "value", prompt: "value", "close-from": "value", "command-timeout": "value",
        "other-user": "value", role: "value", type: "value", chdir: "chdir",
        edit: { means: { unsure: "sudo --edit edits files as another user" } },
        shell: { means: { unsure: "sudo --shell runs a shell" } },
        login: { means: { unsure: "sudo --login runs a login shell" } },
        chroot: { means: { unsure: "sudo --chroot changes the root directory" }, takes: "value" },
        host: { means: { unsure: "sudo --host" }, takes: "value" },
        list: { means: { unsure: "sudo --list" } },
        validate: "flag", "remove-timestamp": "flag", version: "flag", help: "flag",
      },
    },
    operands: ["argv"],
  },
  {
    names: ["doas"],
    runs: AS_ROOT,
    options: {
      short: { L: "flag", n: "flag", u: "value", s: { means: { unsure: "doas -s runs a shell" } }, C: { means: { unsure: "doas -C checks a config file" }, takes: "value" }, a: { means: { unsure: "doas -a" }, takes: "value" } },
    },
    operands: ["argv"],
  },
  {
    names: ["pkexec"],
    runs: AS_ROOT,
    options: { long: { user: "value", "disable-internal-agent": "flag", "keep-cwd": "flag", version: "flag", help: "flag" } },
    operands: ["argv"],
    bare: { unsure: "pkexec with no command runs a shell" },
  },
  {
    names: ["env"],
    options: {
      assignments: true,
      abbreviations: true,
      dash: "flag",
      short: {
        i: "flag", "0": "flag", v: "flag", u: "value",
        C: { means: { unsure: "env -C runs the command in another directory" }, takes: "value" },
        S: { means: "shell" },
        P: { means: { unsure: "env -P searches another PATH" }, takes: "value" },
        a: { means: { unsure: "env -a changes the program's name" }, takes: "value" },
      },
      long: {
        "ignore-environment": "flag", null: "flag", debug: "flag", help: "flag", version: "flag",
        "list-signal-handling": "flag", unset: "value",
        "block-signal": { means: "value", takes: "attached" }, "default-signal": { means: "value", takes: "attached" },
        "ignore-signal": { means: "value", takes: "attached" },
        chdir: { means: { unsure: "env --chdir runs the command in another directory" }, takes: "value" },
        "split-string": { means: "shell" },
        argv0: { means: { unsure: "env --argv0 changes the program's name" }, takes: "value" },
        "env0-from": { means: { unsure: "env reads assignments from a file" }, takes: "value" },
      },
    },
    operands: ["argv"],
  },
  {
    names: ["nohup"],
    options: { long: { help: "flag", version: "flag" } },
    operands: ["argv"],
  },
  {
    names: ["time"],
    options: {
      short: { p: "flag", l: "flag", h: "flag", v: "flag", q: "flag", f: "value", o: "write", a: "flag" },
      long: { portability: "flag", verbose: "flag", quiet: "flag", format: "value", output: "write", append: "flag", help: "flag", version: "flag" },
    },
    operands: ["argv"],
  },
  {
    names: ["timeout"],
    options: {
      abbreviations: true,
      short: { s: "value", k: "value", f: "flag", p: "flag", v: "flag" },
      long: { signal: "value", "kill-after": "value", foreground: "flag", "preserve-status": "flag", verbose: "flag", help: "flag", version: "flag" },
    },
    operands: ["value", "argv"],
  },
  {
    names: ["nice"],
    options: { numeric: true, abbreviations: true, short: { n: "value" }, long: { adjustment: "value", help: "flag", version: "flag" } },
    operands: ["argv"],
  },
  {
    names: ["stdbuf"],
    options: { abbreviations: true, short: { i: "value", o: "value", e: "value" }, long: { input: "value", output: "value", error: "value", help: "flag", version: "flag" } },
    operands: ["argv"],
  },
  {
    names: ["setsid"],
    options: { short: { c: "flag", f: "flag", w: "flag" }, long: { ctty: "flag", fork: "flag", wait: "flag", help: "flag", version: "flag" } },
    operands: ["argv"],
  },
  {
    names: ["xargs"],
    analyser: "xargs",
    options: {
      abbreviations: true,
      short: {
        "0": "flag", o: "flag", p: "flag", r: "flag", t: "flag", x: "flag",
        E: "value", I: "value", L: "value", P: "value", R: "value", S: "value", a: "read", d: "value", n: "value", s: "value",
        i: { means: "value", takes: "attached" }, l: { means: "value", takes: "attached" }, e: { means: "value", takes: "attached" },
        J: { means: { unsure: "xargs -J" } },
      },
      long: {
        null: "flag", interactive: "flag", "no-run-if-empty": "flag", "open-tty": "flag", "show-limits": "flag", verbose: "flag",
        exit: "flag", help: "flag", version: "flag",
        "arg-file": "read", delimiter: "value", "max-args": "value", "max-procs": "value", "max-chars": "value", "process-slot-var": "value",
        replace: { means: "value", takes: "attached" }, eof: { means: "value", takes: "attached" }, "max-lines": { means: "value", takes: "attached" },
      },
    },
    operands: ["argv"],
  },
  {
    names: ["flock"],
    analyser: "flock",
    options: {
      abbreviations: true,
      short: {
        s: "flag", x: "flag", e: "flag", u: "flag", n: "flag", o: "flag", F: "flag", w: "value", E: "value",
        c: { means: "shell", ends: true },
      },
      long: {
        shared: "flag", exclusive: "flag", unlock: "flag", nonblock: "flag", "close": "flag", "no-fork": "flag", verbose: "flag",
        timeout: "value", wait: "value", "conflict-exit-code": "value", command: { means: "shell", ends: true }, help: "flag", version: "flag",
      },
    },
    operands: ["path", "argv"],
  },
  {
    names: ["chronic", "eatmydata", "unbuffer", "catchsegv", "nocache"],
    options: { short: { d: "flag", e: "flag", v: "flag", p: "flag" } },
    operands: ["argv"],
  },
  {
    names: ["ifne"],
    options: { short: { n: "flag" } },
    operands: ["argv"],
  },
  {
    names: ["command"],
    options: { short: { p: "flag", v: { means: "flag", operands: ["value"] }, V: { means: "flag", operands: ["value"] } } },
    operands: ["argv"],
  },
  { names: ["coproc"], analyser: "coproc" },
  {
    names: ["builtin"],
    operands: ["argv"],
  },
  {
    names: ["exec"],
    options: { short: { c: "flag", l: "flag", a: "value" } },
    operands: ["argv"],
  },
];
