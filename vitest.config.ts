import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "grammar/**/*.test.ts"],
    setupFiles: ["test/support/test-hygiene.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Why these three: README.md, Development. Forks, not threads: the in-process CLI helper changes the cwd,
    // which worker threads cannot. One worker per core (vitest's default leaves one core to its main process,
    // which idles while the workers run): on 2 cores that default is a single worker.
    pool: "forks",
    maxWorkers: os.availableParallelism(),
    // The files of a worker share one module graph: the compiler, ts-morph and the bash grammar load once per
    // worker, not once per file. Helpers keep per-file state in test/support/per-file.ts.
    isolate: false,
    // What git reads from the machine is no test data: its system configuration (/etc/gitconfig) is left out, as git
    // leaves it out under GIT_CONFIG_NOSYSTEM (paths/repository-hooks.ts reads it otherwise), and the user's
    // configuration is the test's home's (an empty XDG_CONFIG_HOME is `$HOME/.config`, to git as to permc).
    // SHLVL: bash runs ~/.bashrc when its stdin is a socket and it believes itself the first shell (SHLVL below 2 once it
    // has counted itself), taking itself for a shell sshd started; node's stdio pipes are socket pairs, so every bash a
    // test spawned ran the machine's ~/.bashrc, and launched from a shell's background job (SHLVL 0) a pyenv set-up there
    // made each one cost 250 ms instead of 3 (README.md, Development).
    env: { GIT_CONFIG_NOSYSTEM: "1", XDG_CONFIG_HOME: "", SHLVL: "1" },
  },
});
