/**
 * The java launcher and the HotSpot VM (knowledge/toolchains.ts): options
 * that read more options from a file (`@argfile`, `-XX:Flags=`,
 * `-XX:VMOptionsFile=`), write where they say (`-Xlog:…:file=`, `-XX:`
 * string flags), load code (`-javaagent:`, `-agentpath:`, `-agentlib:`),
 * the class path, and options from the environment (`_JAVA_OPTIONS`,
 * `JAVA_TOOL_OPTIONS`, `JDK_JAVA_OPTIONS`). The real JVM (a JRE: nothing
 * is compiled) is the oracle: each command runs in a throw-away fixture
 * under strace, which shows the file it opened or wrote; permc must not
 * allow it. Two flags act only when the VM crashes or runs out of memory,
 * which a JRE alone cannot be made to do on purpose: they are judged by
 * their documented meaning, said so below.
 *
 * Policy: path `*.env` and `~/.ssh/*` denied; bash `*` allowed, `rm *` denied.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";
import { onPath, type Traced, traced } from "../strace-oracle.js";

const root = tempDir("java-options");
const home = path.join(root, "home");
const proj = path.join(root, "proj");
const scratch = path.join(root, "scratch");
const ssh = path.join(home, ".ssh");
const key = path.join(ssh, "id_rsa");

let policy: Policy;
beforeAll(async () => {
  expect(onPath("java") && onPath("strace"), "java and strace are installed (the oracle)").toBe(true);
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  mkdirSync(proj);
  mkdirSync(scratch);
  writeFileSync(key, "not a jar, not a library\n");
  writeFileSync(path.join(proj, "opts"), "-version\n");
  writeFileSync(path.join(ssh, "flags"), "+PrintVMOptions\n");
  writeFileSync(path.join(ssh, "vm-options"), "-Xmx64m\n");
  policy = (
    await compileAndLoad([piJson({ "*": "allow", path: { "*": "allow", "*.env": "deny", "~/.ssh/*": "deny" }, bash: { "*": "allow", "rm *": "deny" } })], {
      home,
    })
  ).policy!;
});

const decide = async (command: string): Promise<string> => (await createGate(policy, { cwd: proj, home }).decide({ tool: "bash", input: { command } })).action;
const run = (command: string): Traced => traced(command, proj, { HOME: home }, scratch);
const wrote = (name: string) => () => existsSync(path.join(ssh, name));
const opened = (file: string) => (r: Traced) => r.opened.includes(file);

/** String-valued HotSpot flags whose value is no file (JDK 17's globals.hpp): a mode, a name, a list of methods, intrinsics or GC phases. */
const NO_FILE_FLAGS = [
  "AbortVMOnException",
  "AbortVMOnExceptionMessage",
  "CompilationMode",
  "CompileCommand",
  "CompileOnly",
  "ControlIntrinsic",
  "DisableIntrinsic",
  "MetaspaceReclaimPolicy",
  "NativeMemoryTracking",
  "PrintAssemblyOptions",
  "ShenandoahGCHeuristics",
  "ShenandoahGCMode",
  "TraceJVMTI",
  "VerifyGCType",
  "VerifySubSet",
];

/** A command, what the oracle shows it does, and permc's least answer. */
const CASES: readonly [string, (r: Traced) => boolean, "deny" | "ask"][] = [
  // Options from a file.
  ["java @opts", (r) => /openjdk version/.test(r.out), "ask"],
  [`java -XX:Flags=${ssh}/flags -version`, opened(path.join(ssh, "flags")), "deny"],
  [`java -XX:VMOptionsFile=${ssh}/vm-options -version`, opened(path.join(ssh, "vm-options")), "deny"],
  // Files the VM writes where an option says (into the home's .ssh, which the rules deny).
  [`java -Xlog:gc:file=${ssh}/gc.log -version`, wrote("gc.log"), "deny"],
  [`java -Xlog:gc*:${ssh}/gc-bare.log:uptime -version`, wrote("gc-bare.log"), "deny"],
  [`java -Xloggc:${ssh}/old-gc.log -version`, wrote("old-gc.log"), "deny"],
  [`java -XX:+UnlockDiagnosticVMOptions -XX:+LogVMOutput -XX:LogFile=${ssh}/vm.log -version`, wrote("vm.log"), "deny"],
  [`java -XX:DumpLoadedClassList=${ssh}/classes -version`, wrote("classes"), "deny"],
  [`java -XX:ArchiveClassesAtExit=${ssh}/cds.jsa -version`, wrote("cds.jsa"), "deny"],
  // Code the VM loads.
  [`java -javaagent:${key} -version`, opened(key), "deny"],
  [`java -agentpath:${key}=opt -version`, opened(key), "deny"],
  ["java -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0 -version", (r) => /Listening for transport/.test(r.out), "ask"],
  // The class path: each entry is opened (a jar here).
  [`java -cp lib.jar:${key} Main`, opened(key), "deny"],
  [`java --class-path=lib.jar:${key} Main`, opened(key), "deny"],
  // A class the same command writes, which the VM loads from its class path.
  ["printf 'not a class' > Main.class && java -cp . Main", opened(path.join(proj, "Main.class")), "ask"],
  // Options from the environment.
  [`_JAVA_OPTIONS=-Xlog:gc:file=${ssh}/env-gc.log java -version`, wrote("env-gc.log"), "deny"],
  [`JAVA_TOOL_OPTIONS=-javaagent:${key} java -version`, opened(key), "deny"],
  [`JDK_JAVA_OPTIONS=-Xlog:gc:file=${ssh}/jdk-gc.log java -version`, wrote("jdk-gc.log"), "deny"],
];

describe("java options that read, write or load files", () => {
  it.each(CASES)("%s", async (command, oracle, least) => {
    expect(oracle(run(command)), "the oracle").toBe(true);
    const action = await decide(command);
    expect(least === "deny" ? action : action === "allow" ? "allow" : "ask").toBe(least);
  });

  it("every string-valued -XX: flag of this VM, given a secret, is not allowed, but for the ones that name no file", async () => {
    // The VM's own list: a flag a later VM adds is one permc does not know, so it asks.
    const flags = spawnSync("java", ["-XX:+UnlockDiagnosticVMOptions", "-XX:+UnlockExperimentalVMOptions", "-XX:+PrintFlagsFinal", "-version"], {
      encoding: "utf8",
    })
      .stdout.split("\n")
      .flatMap((line) => /^\s*ccstr(?:list)?\s+(\w+)\s/.exec(line)?.[1] ?? []);
    expect(flags.length).toBeGreaterThan(20);
    const allowed: string[] = [];
    for (const flag of flags) {
      const action = await decide(`java -XX:+UnlockDiagnosticVMOptions -XX:+UnlockExperimentalVMOptions -XX:${flag}=${key} -version`);
      if (action === "allow") allowed.push(flag);
    }
    // Names, modes, lists of methods or intrinsics, event selections: never a file.
    expect(allowed.sort()).toEqual(NO_FILE_FLAGS.filter((f) => flags.includes(f)).sort());
    expect(await decide("java -XX:NotAFlagPermcKnows=/x -version")).toBe("ask");
    expect(await decide("java -Xfuture-option -version")).toBe("ask");
  });

  // Documented meaning (HotSpot's globals.hpp): the VM runs these commands with /bin/sh -c when it crashes or runs out of memory.
  it.each(["java -XX:OnError='rm -rf x' -version", "java -XX:OnOutOfMemoryError='rm -rf x' -version"])(
    "%s runs a shell command: judged as one",
    async (command) => {
      expect(await decide(command)).toBe("deny");
    },
  );

  // Documented meaning: the heap dump is written there on OutOfMemoryError.
  it("java -XX:HeapDumpPath=FILE writes the heap dump there", async () => {
    expect(await decide(`java -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=${ssh}/heap.hprof -version`)).toBe("deny");
  });
});

// Documented meaning (javac's manual; the tests install a JRE, not a JDK): javac reads options from @argfiles, and
// passes `-J`OPTION to the VM it runs on.
describe("javac", () => {
  it.each([
    ["javac @opts X.java", "ask"],
    [`javac -J-javaagent:${key} X.java`, "deny"],
    [`javac -J-Xlog:gc:file=${ssh}/javac-gc.log X.java`, "deny"],
  ])("%s → %s", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });
});

describe("java runs what it is given as the user chose", () => {
  it.each([
    "java -Xmx2g -XX:+UseG1GC -Dspring.profiles.active=dev -jar app.jar --port 8080",
    "java -cp 'target/classes:lib/*' -ea -verbose:gc -Xlog:gc com.example.Main arg",
    "java -XX:MaxRAM=1g -Xss4m -version",
  ])("%s is allowed, and the same with a secret on its class path is denied", async (command) => {
    expect(await decide(command)).toBe("allow");
    expect(await decide(command.replace(/^java /, `java -cp x.jar:${key} `))).toBe("deny");
  });
});
