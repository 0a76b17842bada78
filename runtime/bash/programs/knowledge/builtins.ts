/**
 * bash builtins that evaluate a string, run a callback later, or change
 * what a later name runs. Each is floored where it does that; the rest of
 * each builtin's forms are leaves.
 */
import type { ProgramRecord } from "../program-record.js";
import { recordGroup } from "./record-group.js";

const later = (what: string) => ({ changed: what }) as const;

export const BUILTINS = recordGroup((): readonly ProgramRecord[] => [
  { names: ["eval"], operands: ["shell-rest"], runs: later("eval runs a string as shell source") },
  { names: ["source", "."], always: { unsure: "source runs a file's shell code in this shell" } },
  { names: ["trap"], analyser: "trap", runs: later("trap runs its action when a signal arrives") },
  { names: ["alias"], analyser: "alias", runs: later("an alias runs its text when it is used") },
  { names: ["unalias"], operands: ["value"] },
  {
    names: ["mapfile", "readarray"],
    options: { short: { C: "shell", c: "value", d: "value", n: "value", O: "value", s: "value", u: "value", t: "flag" } },
    operands: ["value"],
    runs: later("mapfile -C runs its callback for each line"),
  },
  {
    names: ["compgen", "complete"],
    options: {
      unknown: "flag",
      short: {
        C: "shell",
        F: { unsure: "completion runs a shell function" },
        // The word list is expanded as words are when compgen runs: `compgen -W '$(rm x)'` ran rm (real bash).
        W: { means: { unsure: "compgen -W expands its word list, and a substitution in it runs", when: /[$`]|[<>]\(/ }, takes: "value" },
        X: "value",
        P: "value",
        S: "value",
        G: "value",
        o: "value",
        A: "value",
        p: "flag",
        r: "flag",
        D: "flag",
        E: "flag",
        I: "flag",
      },
    },
    operands: ["value"],
    runs: later("completion runs its command when asked"),
  },
  {
    names: ["hash"],
    options: { short: { r: "flag", d: "flag", l: "flag", t: "flag", p: { unsure: "hash -p maps a name to another program" } } },
    operands: ["value"],
  },
  {
    names: ["enable"],
    options: {
      short: {
        a: "flag",
        // permc reads what some builtins print or do (`echo … | sh`, `$(pwd)`, `cd`): a program of the same name on PATH need not.
        n: { unsure: "enable -n hands a builtin's name to a program found on PATH" },
        p: "flag",
        s: "flag",
        d: "flag",
        f: { unsure: "enable -f loads a builtin from a shared library" },
      },
    },
    operands: ["value"],
  },
  { names: ["bind"], always: { unsure: "bind can run shell commands on key presses" } },
  {
    // `history -r FILE` reads FILE into the list (and `history` prints it), `-w`/`-a` write it, `-n` reads its new lines;
    // with no FILE, HISTFILE (an assignment permc floors). `-s` and `-p` take words, not files; a bare operand is a count.
    names: ["history"],
    options: {
      short: {
        r: { means: "flag", operands: ["read"] },
        n: { means: "flag", operands: ["read"] },
        w: { means: "flag", operands: ["write"] },
        a: { means: "flag", operands: ["write"] },
        c: "flag",
        d: "value",
        s: { means: "flag", operands: ["value"] },
        p: { means: "flag", operands: ["value"] },
      },
    },
    operands: ["value"],
  },
  { names: ["fc"], always: { unsure: "fc runs commands from the history or an editor" } },
  { names: ["shopt"], options: { short: { s: "flag", u: "flag", p: "flag", q: "flag", o: "flag" } }, operands: ["value"], analyser: "shopt" },
  // Its own analyser reads the options (`set -P`, `set -o physical`); every other word is a positional argument.
  { names: ["set"], options: { unknown: "flag", permute: false, dash: "flag" }, operands: ["value"], analyser: "set" },
  {
    names: [
      "echo",
      "printf",
      "true",
      "false",
      ":",
      "type",
      "ulimit",
      "umask",
      "times",
      "exit",
      "return",
      "shift",
      "break",
      "continue",
      "wait",
      "jobs",
      "disown",
      "suspend",
      "logout",
      "caller",
      "help",
      "dirs",
      "kill",
      "getopts",
      "read",
      "let",
      "test",
      "[",
      "[[",
      "declare",
      "typeset",
      "local",
      "export",
      "readonly",
      "unset",
      "pwd",
    ],
    operands: ["value"],
  },
]);
