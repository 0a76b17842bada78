/**
 * The C toolchain as a class (knowledge/toolchains.ts): gcc's driver under
 * every name this machine installs it, the preprocessor, the assembler and
 * the linker, the options that make them run another program or read files
 * no word of the command names as such, and code the command feeds them
 * itself, whose directives name files. The real programs are the oracle:
 * each command runs in a throw-away fixture under strace, which shows the
 * program it ran or the secret it opened; permc must not allow it (deny
 * where a rule it can see denies, ask where it cannot see).
 *
 * Policy: path `*.env` and `~/.ssh/*` denied; bash `*` allowed, `rm *` and
 * `echo *` denied (the program the tests make gcc run is echo).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { findRecord } from "../../../runtime/bash/programs/knowledge/index.js";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";
import { onPath, type Traced, traced } from "../strace-oracle.js";

const root = tempDir("toolchains");
const home = path.join(root, "home");
const proj = path.join(root, "proj");
const scratch = path.join(root, "scratch");
const key = path.join(home, ".ssh", "id_rsa");
const SECRET = "TOOLCHAIN_SECRET_5f1c";

let policy: Policy;
beforeAll(async () => {
  mkdirSync(path.join(home, ".ssh", "usr", "include"), { recursive: true });
  mkdirSync(path.join(proj, "passes"), { recursive: true });
  mkdirSync(scratch);
  writeFileSync(key, `${SECRET}\n`);
  // A header under the home's .ssh, for a sysroot there.
  writeFileSync(path.join(home, ".ssh", "usr", "include", "stdio.h"), `int ${SECRET};\n`);
  writeFileSync(path.join(proj, "x.c"), "int main(void) { return 0; }\n");
  writeFileSync(path.join(proj, "sys.c"), "#include <stdio.h>\n");
  writeFileSync(path.join(proj, "m.cc"), "int f() { return 0; }\n");
  writeFileSync(path.join(proj, "inc.txt"), `#include "${key}"\n`);
  writeFileSync(path.join(proj, "uses.c"), '#include "inc.h"\n');
  writeFileSync(path.join(proj, "opts"), "-wrapper echo,WRAPPED\n");
  writeFileSync(path.join(proj, "ldopts"), "--version\n");
  writeFileSync(path.join(proj, "my.specs"), "*cpp:\n+ -DFROM_SPECS\n");
  writeFileSync(path.join(proj, "plugin.so"), "not a plugin\n");
  // A compiler pass of the project's own, for `-B`.
  writeFileSync(path.join(proj, "passes", "cc1"), "#!/bin/sh\necho FAKE_CC1\n");
  chmodSync(path.join(proj, "passes", "cc1"), 0o755);
  writeFileSync(path.join(proj, "handler"), "#!/bin/sh\n: > handler-ran\n");
  chmodSync(path.join(proj, "handler"), 0o755);
  // A source file made earlier that is a link to standard input.
  symlinkSync("/dev/stdin", path.join(proj, "lnk.c"));
  policy = (
    await compileAndLoad(
      [piJson({ "*": "allow", path: { "*": "allow", "*.env": "deny", "~/.ssh/*": "deny" }, bash: { "*": "allow", "rm *": "deny", "echo *": "deny" } })],
      {
        home,
      },
    )
  ).policy!;
});

const decide = async (command: string): Promise<string> => (await createGate(policy, { cwd: proj, home }).decide({ tool: "bash", input: { command } })).action;
const run = (command: string): Traced => traced(command, proj, { HOME: home }, scratch);
const sees = (r: Traced): boolean => r.out.includes(SECRET) || r.opened.includes(key);

/** Every name the packages of gcc, cpp, as and ld install, by what it is when run. */
function installedToolchain(): { name: string; kind: "driver" | "cpp" | "ld" | "as" }[] {
  const bins = ["gcc", "g++", "cpp", "as", "ld"].flatMap((p) => {
    const bin = spawnSync("sh", ["-c", `command -v ${p}`], { encoding: "utf8" }).stdout.trim();
    const real = bin === "" ? "" : spawnSync("readlink", ["-f", bin], { encoding: "utf8" }).stdout.trim();
    return [bin, real].filter((b) => b !== "");
  });
  const owners = spawnSync("dpkg", ["-S", ...bins], { encoding: "utf8" }).stdout;
  const packages = [...new Set(owners.split("\n").flatMap((l) => (l.includes(": ") ? (l.split(": ")[0] as string).split(", ") : [])))];
  const files = spawnSync("dpkg", ["-L", ...packages], { encoding: "utf8" }).stdout.split("\n");
  const names = [...new Set(files.filter((f) => /^\/usr\/bin\/[^/]+$/.test(f)).map((f) => path.basename(f)))];
  const out: { name: string; kind: "driver" | "cpp" | "ld" | "as" }[] = [];
  for (const name of names) {
    const version = spawnSync(name, ["--version"], { encoding: "utf8", input: "", timeout: 10_000 }).stdout ?? "";
    if (/^GNU (?:ld|gold)/m.test(version)) out.push({ name, kind: "ld" });
    else if (/^GNU assembler/m.test(version)) out.push({ name, kind: "as" });
    else if (/^GNU /m.test(version) || !/Free Software Foundation/.test(version)) continue;
    else if (/\/cc1$/.test(spawnSync(name, ["-print-prog-name=cc1"], { encoding: "utf8", input: "", timeout: 10_000 }).stdout?.trim() ?? "")) {
      // The preprocessor reads standard input with no operand; the driver wants a file.
      const pre = spawnSync(name, ["-P"], { encoding: "utf8", input: "PREPROCESSED_TOKEN\n", timeout: 10_000 }).stdout ?? "";
      out.push({ name, kind: pre.includes("PREPROCESSED_TOKEN") ? "cpp" : "driver" });
    }
  }
  return out;
}

const TOOLCHAIN = onPath("dpkg") ? installedToolchain() : [];
const RECORD_OF = { driver: "gcc", cpp: "cpp", ld: "ld", as: "as" } as const;

describe("the toolchain under every name this machine installs it", () => {
  beforeAll(() => {
    // The oracle: the programs, found under more names than their own.
    expect(onPath("gcc") && onPath("cpp") && onPath("as") && onPath("ld") && onPath("g++") && onPath("strace")).toBe(true);
    for (const kind of ["driver", "cpp", "ld", "as"] as const) expect(TOOLCHAIN.filter((t) => t.kind === kind).length, kind).toBeGreaterThan(1);
    expect(TOOLCHAIN.map((t) => t.name)).toContain("x86_64-linux-gnu-gcc-12");
  });

  it.each(TOOLCHAIN.filter((t) => t.kind === "driver" || t.kind === "cpp").map((t) => t.name))(
    "%s -wrapper runs the program it names, judged as that program",
    async (name) => {
      // The driver's options; the preprocessor's, which read standard input with no operand.
      const record = findRecord(name)?.record;
      const own = findRecord(RECORD_OF[TOOLCHAIN.find((t) => t.name === name)!.kind])?.record;
      expect([record?.options, record?.operands, record?.bare]).toEqual([own?.options, own?.operands, own?.bare]);
      const command = `${name} -wrapper echo,WRAPPED -E -x c /dev/null`;
      expect(run(command).out).toContain("WRAPPED");
      expect(await decide(command)).toBe("deny");
      // Its own options file: what it holds, permc cannot see.
      expect(run(`${name} @opts -E -x c /dev/null`).out).toContain("WRAPPED");
      expect(await decide(`${name} @opts -E -x c /dev/null`)).not.toBe("allow");
    },
  );

  it.each(TOOLCHAIN.filter((t) => t.kind === "ld" || t.kind === "as").map((t) => t.name))("%s @FILE takes options permc cannot see", async (name) => {
    expect(findRecord(name)?.record).toBe(findRecord(RECORD_OF[TOOLCHAIN.find((t) => t.name === name)!.kind])?.record);
    expect(run(`${name} @ldopts`).out).toMatch(/^GNU /m);
    expect(await decide(`${name} @ldopts`)).toBe("ask");
  });
});

/** A command, what the oracle shows it does, and permc's least answer. */
const OPTION_CASES: readonly [string, (r: Traced) => boolean, "deny" | "ask"][] = [
  // Programs the driver runs.
  ["gcc-12 -B passes -E -x c /dev/null", (r) => r.out.includes("FAKE_CC1"), "ask"],
  ["x86_64-linux-gnu-gcc-12 -Bpasses/ -E -x c /dev/null", (r) => r.out.includes("FAKE_CC1"), "ask"],
  ["gcc-12 -specs=my.specs -E -x c /dev/null", (r) => r.opened.includes(path.join(proj, "my.specs")), "ask"],
  ["gcc-12 -fplugin=./plugin.so -E -x c /dev/null", (r) => r.opened.includes(path.join(proj, "plugin.so")), "ask"],
  ["g++ -fmodules-ts -fmodule-mapper='|echo MAPPED' -c m.cc -o m.o", (r) => r.ran.some((p) => p.endsWith("/echo")), "deny"],
  ["ld -r -o r.o --error-handling-script=./handler -lnonexistent", () => existsSync(path.join(proj, "handler-ran")), "ask"],
  // A name looked up in the directories the command adds.
  ["gcc -iquote ~/.ssh -include id_rsa -E -P -x c /dev/null", sees, "deny"],
  ["gcc -isystem ~/.ssh -include id_rsa -E -P -x c /dev/null", sees, "deny"],
  ["gcc -I ~/.ssh -imacros id_rsa -E -x c /dev/null", sees, "deny"],
  ["gcc x.c -o a.out -L ~/.ssh -l:id_rsa", sees, "deny"],
  ["ld -r -o r.o -L ~/.ssh -l:id_rsa", sees, "deny"],
  // `=` is the sysroot, `/` for a native linker.
  ["gcc x.c -o a.out -L=$HOME/.ssh -l:id_rsa", sees, "deny"],
  ["gcc --sysroot=$HOME/.ssh -E -P sys.c", sees, "deny"],
  // Search paths from the environment.
  ["CPATH=$HOME/.ssh gcc -include id_rsa -E -P -x c /dev/null", sees, "ask"],
  ["LIBRARY_PATH=$HOME/.ssh gcc x.c -o a.out -l:id_rsa", sees, "ask"],
  // Options for the linker: read with ld's own grammar.
  ["gcc x.c -o a.out -Wl,@ldopts", (r) => /^GNU ld/m.test(r.out), "ask"],
  ["gcc x.c -o a.out -Wl,-Map=link.env", () => existsSync(path.join(proj, "link.env")), "deny"],
  [`gcc x.c -o a.out -Wl,--version-script=${key}`, sees, "deny"],
];

describe("options that run a program or read a file", () => {
  it.each(OPTION_CASES)("%s", async (command, oracle, least) => {
    expect(oracle(run(command)), "the oracle").toBe(true);
    const action = await decide(command);
    expect(least === "deny" ? action : action === "allow" ? "allow" : "ask").toBe(least);
  });
});

const FED_CASES: readonly [string, "deny" | "ask"][] = [
  [`cpp <<< '#include "${key}"'`, "deny"],
  [`gcc -E -x c - <<< '#include "${key}"'`, "deny"],
  [`gcc-12 -E -x c /dev/stdin <<'EOF'\n#include "${key}"\nEOF`, "deny"],
  // The compiler proper, run by hand.
  [`${spawnSync("gcc", ["-print-prog-name=cc1"], { encoding: "utf8" }).stdout.trim()} -E -quiet -P <<< '#include "${key}"'`, "deny"],
  [`as -o inc.o <<'EOF'\n.incbin "${key}"\nEOF`, "deny"],
  [`ld -r -o lk.o -T /dev/stdin x.o <<< 'INCLUDE ${key}'`, "deny"],
  // Options for the linker, one word each: read with ld's own grammar.
  [`gcc x.c -o a.out -Xlinker -T -Xlinker /dev/stdin <<< 'INCLUDE ${key}'`, "deny"],
  // What permc cannot read: a macro, another descriptor, a substitution, a file piped in, a link made before.
  [`cpp -P <<'EOF'\n#define F "${key}"\n#include F\nEOF`, "ask"],
  ["gcc -E -P -x c /dev/fd/3 3< inc.txt", "ask"],
  ["gcc -E -P -x c <(cat inc.txt)", "ask"],
  ["cat inc.txt | cpp -P", "ask"],
  [`gcc -E -P lnk.c <<< '#include "${key}"'`, "ask"],
  // A redirect bash gives the pipeline's last command: it reads the file, not the pipe.
  ["printf '' | gcc -E -P -x c - < inc.txt", "ask"],
  // Written by the same command, then compiled.
  ["printf '#include \"id_rsa\"\\n' > two.c && gcc -iquote ~/.ssh -E -P two.c", "ask"],
  // A header the same command writes, which a source on disk includes.
  ["printf '#include \"id_rsa\"\\n' > inc.h && gcc -iquote ~/.ssh -E -P uses.c", "ask"],
  ["printf '#include \"id_rsa\"\\n' > inc.h && cpp -iquote ~/.ssh -P uses.c", "ask"],
  // An object the same command writes may be no object: ld reads it as a linker script.
  ["printf 'INCLUDE id_rsa\\n' > two.o && ld -r -o r2.o -L ~/.ssh two.o", "ask"],
];

describe("code the command feeds the program itself", () => {
  it.each(FED_CASES)("%s", async (command, least) => {
    expect(sees(run(command)), "the oracle").toBe(true);
    const action = await decide(command);
    expect(least === "deny" ? action : action === "allow" ? "allow" : "ask").toBe(least);
  });

  it("input that feeds nothing is no code (`< /dev/null`); the same command fed an include is", async () => {
    expect(await decide("gcc -E -dM -x c - < /dev/null")).toBe("allow");
    expect(await decide(`gcc -E -dM -x c - <<< '#include "${key}"'`)).toBe("deny");
  });
});
