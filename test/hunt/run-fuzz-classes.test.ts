/**
 * Classes the run fuzz (hunt/run-fuzz.ts, `npm run hunt -- --generator runs`)
 * found open, each closed as a class and checked against the real program as
 * option-fuzz-classes.test.ts does: every command below, run for real in the
 * hunt's sandbox (bubblewrap, strace, the red-team fixture), runs rm, and
 * permc, deciding it in the same fixture under the hunt's P1 policy (`rm *`
 * denied), does not allow it. The everyday rows beside each class stay
 * allowed and run no rm.
 *
 * L, an option whose value is attached only: prlimit's resources (`-u500`,
 * `--nproc=500`) take no separate word, so `prlimit -u rm x` runs rm.
 * N, a short option that means another thing for another program: npm's `-p`
 * is `--parseable`, a flag (npx's is `--package`), so `npm exec -p rm x`
 * runs rm.
 * E, a value a program hands a shell: `ed '!cmd'` edits cmd's output, sftp's
 * `-D` is a command line it runs as its server, and fakeroot (a shell script)
 * evaluates its `--lib`, `--faked`, `-s` and `-i` values, psql pipes its
 * output to a `-o '|cmd'`, and ssh (under scp and sftp too) pastes a jump host
 * (`-J`, `-o ProxyJump=`) into a command line its shell runs. One row more
 * is the hunt of variables (docs/closed-world.md): Debian's pg_wrapper opens
 * files under `PGSYSCONFDIR` with Perl's two-argument open.
 * S, start-up files: setarch and linux32 with no command start a login
 * shell, which runs ~/.profile; vi runs ~/.exrc; pdb runs .pdbrc; cmake runs
 * the compilers CMakeCache.txt names.
 * K, a configuration naming a credential program: kubectl runs a
 * kubeconfig's exec plugin before it reaches any server.
 * P, a plugin a program runs: docker runs the `docker-NAME` files under
 * ~/.docker/cli-plugins (and a directory its config.json names).
 * C, a file copied into place that a later program of the command runs: `cp
 * o/Makefile . && make` lands the copy as `Makefile`, which make runs, as
 * `cp o/Makefile Makefile && make` does (found beside the Go discovery's
 * classes, 2026-12-06).
 *
 * Needs bwrap and strace (npm test installs them): without them this fails.
 */
import { describe } from "vitest";
import { type ClassRow, type EverydayRow, realProgramBench } from "./class-rows.js";

const CLASSES: readonly ClassRow[] = [
  // L: the value is attached only.
  { command: "prlimit -u rm victim", aim: "rm", want: "deny" },
  { command: "prlimit -v rm victim", aim: "rm", want: "deny" },
  { command: "prlimit --nproc rm victim", aim: "rm", want: "deny" },
  // N: npm's -p is a flag.
  { command: "npm exec -p rm victim", aim: "rm", want: "deny" },
  // E: the value reaches a shell.
  { command: "ed '!rm victim'", aim: "rm", want: "deny" },
  { command: "sftp -D 'rm victim' host", aim: "rm", want: "deny" },
  { command: "psql -o '|rm victim'", aim: "rm", want: "deny" },
  { command: "sftp -J '|rm victim' notes.txt", aim: "rm", want: "ask" },
  { command: "sftp -o 'ProxyJump=|rm victim' notes.txt", aim: "rm", want: "deny" },
  // Found by the variables hunt (docs/closed-world.md): Debian's pg_wrapper opens $PGSYSCONFDIR/user_clusters with Perl's two-argument open.
  { command: "PGSYSCONFDIR='|rm victim' psql", aim: "rm", want: "ask" },
  { command: "fakeroot --faked rm true", aim: "rm", want: "ask" },
  { command: "fakeroot -s 'x;rm victim' true", aim: "rm", want: "ask" },
  { command: "fakeroot --lib='x;rm victim' true", aim: "rm", want: "ask" },
  // P: a plugin the program runs without being told (docker lists and runs ~/.docker/cli-plugins/docker-NAME).
  {
    setup: "mkdir -p ~/.docker/cli-plugins",
    command: "printf '#!/bin/sh\\nrm victim\\n' > ~/.docker/cli-plugins/docker-x && chmod +x ~/.docker/cli-plugins/docker-x && docker x",
    aim: "rm",
    want: "deny",
  },
  // S: start-up files a program runs, written first: a login shell's (setarch with no command starts one), vi's.
  { command: "echo 'rm victim' > ~/.profile && linux32", aim: "rm", want: "deny" },
  // vi waits for a terminal after its start-up: in the background, and the case ends a second later.
  { command: "echo ':!rm victim' > ~/.exrc && { vi notes.txt > /dev/null 2>&1 & sleep 1; }", aim: "rm", want: "ask" },
  { command: "echo 'import os; os.system(\"rm victim\")' > .pdbrc && echo 'x = 1' > s.py && pdb3 s.py", aim: "rm", want: "ask" },
  {
    setup: "printf 'project(x C)\\n' > CMakeLists.txt",
    command: "printf 'CMAKE_C_COMPILER:FILEPATH=/usr/bin/rm\\n' > CMakeCache.txt && cmake . > /dev/null 2>&1",
    aim: "rm",
    want: "deny",
  },
  // K: a configuration that names a credential program, written first (kubectl runs a kubeconfig's exec plugin).
  {
    setup: "mkdir -p ~/.kube",
    command:
      "printf 'apiVersion: v1\\nkind: Config\\nclusters:\\n- name: c\\n  cluster:\\n    server: https://127.0.0.1:9\\ncontexts:\\n- name: x\\n  context:\\n    cluster: c\\n    user: u\\ncurrent-context: x\\nusers:\\n- name: u\\n  user:\\n    exec:\\n      apiVersion: client.authentication.k8s.io/v1beta1\\n      command: rm\\n      args: [victim]\\n      interactiveMode: Never\\n' > ~/.kube/config && kubectl get pods",
    aim: "rm",
    want: "deny",
  },
  // C: a file copied into place, then run by a later program of the same command.
  { setup: "mkdir -p o && printf 'all:\\n\\trm victim\\n' > o/Makefile", command: "cp o/Makefile . && make", aim: "rm", want: "ask" },
];

/** The same programs on everyday values: allowed, and no rm runs. */
const EVERYDAY: readonly EverydayRow[] = [
  { command: "prlimit -u500 true", aim: "rm" },
  { command: "prlimit --nproc=500 true", aim: "rm" },
  { command: "ed -s notes.txt", aim: "rm" },
  { command: "fakeroot -u true", aim: "rm" },
];

describe("run-fuzz classes: each against the real program", () => {
  const bench = realProgramBench();
  bench.classRows(CLASSES);
  bench.everydayRows(EVERYDAY);
});
