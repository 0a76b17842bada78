/**
 * Compiler drivers and linkers that load or run code when told
 * (knowledge/gtfobins-languages.ts, knowledge/build-tools.ts,
 * knowledge/variables.ts CODE_LOADING_COMPILER_FLAGS): a plugin, another
 * linker or pass program, options from a file, given on the command line or
 * through the variables make and configure scripts pass to the compiler.
 * Under `*: allow` with `rm *: deny`, each of these runs code permc does not
 * see, so none is allowed; everyday builds stay allowed.
 */
import { describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";

async function decide(command: string): Promise<{ action: string; reason: string }> {
  const d = await decideBash({ "*": "allow", bash: { "*": "allow", "rm *": "deny" } }, command, { cwd: "/tmp/proj", home: "/home/t" });
  return { action: d.action, reason: JSON.stringify(d) };
}

describe("options that load or run code", () => {
  it.each([
    "clang -Xclang -load -Xclang ./e.so x.c",
    "clang -fpass-plugin=./e.so x.c",
    "clang --ld-path=./x x.c",
    "gcc -fuse-ld=./x x.c",
    "gcc -Wl,-plugin,./e.so x.c",
    "gcc -Wl,--as-needed,--load-pass-plugin=./e.so x.c",
    "gcc -Xlinker -plugin -Xlinker ./e.so x.c",
    "ld -plugin ./e.so x.o",
    "ld.lld --load-pass-plugin=./e.so x.o",
    "rustc -Z codegen-backend=./x.so a.rs",
    "CFLAGS=-fplugin=./e.so make",
    "make CFLAGS=-fplugin=./e.so",
    "make 'CXXFLAGS=-O2 -B./d'",
    "LDFLAGS=-Wl,-plugin,e.so make",
    "env CFLAGS=-fplugin=x.so make",
    "CFLAGS=@opts ./configure",
  ])("%s is not allowed", async (command) => {
    expect((await decide(command)).action).toBe("ask");
  });

  // clang by its documentation (clang is not among the tests' programs; gcc's driver is run in toolchains.test.ts):
  // the front end's own options (`-cc1 -load`), a configuration file of options, a file-system overlay, the
  // toolchain it takes programs from, and versioned names.
  it.each([
    "clang -cc1 -load ./e.so -emit-obj x.c",
    "clang --config=./x.cfg x.c",
    "clang -ivfsoverlay ./overlay.yaml x.c",
    "clang --gcc-toolchain=./tc x.c",
    "clang-16 -fpass-plugin=./e.so x.c",
    "clang++-17 -Xclang -load -Xclang ./e.so x.cc",
    "aarch64-linux-gnu-gcc-13 -fplugin=./e.so x.c",
  ])("%s is not allowed", async (command) => {
    expect((await decide(command)).action).toBe("ask");
  });
});

describe("everyday builds", () => {
  it.each([
    "gcc -Wall -Werror -O2 -o out x.c",
    "gcc -Wl,--as-needed -lm x.c",
    "clang -g -fsanitize=address x.c",
    "make CFLAGS=-O2",
    "CFLAGS='-O2 -g' make",
    "ld -o out x.o",
    "rustc -O a.rs",
  ])("%s is allowed", async (command) => {
    const d = await decide(command);
    expect(d.action, d.reason).toBe("allow");
  });
});
