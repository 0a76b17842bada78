/**
 * The C toolchain (the gcc and clang drivers, the preprocessor, the GNU
 * assembler, the linkers) and the Java launcher: how each is made to run
 * another program (gcc's `-wrapper`, `-B`, plugins, specs; ld's
 * `--error-handling-script`; java's agents and `-XX:OnError`), to take more
 * options from a file (`@file`, `-XX:Flags=`), to read files named
 * elsewhere (`-I DIR` with `-include NAME`, `-L DIR` with `-lNAME`, the
 * directives of the code it is fed) and to write where an option says
 * (`-o`, `-fdump-…=FILE`, `-Xlog:…:file=PATH`). Compiling, linking and
 * running a class are the program the user chose; what is modelled is every
 * file and program the words of the command name or hide.
 */
import type { Meaning, OptionGrammar, OptionSpec, PrefixedOption, ProgramRecord, Runs, SearchPath, Searched, Source } from "../program-record.js";
import { recordGroup } from "./record-group.js";

const unsure = (why: string, takes: OptionSpec["takes"] = "value"): OptionSpec => ({ means: { unsure: why }, takes });
const unsureRead = (why: string): OptionSpec => ({ means: { unsure: why, reads: true }, takes: "value" });
const prefixed = (prefix: RegExp, spec: OptionSpec | Meaning): PrefixedOption => ({ prefix, spec });
const attached = (means: Meaning): OptionSpec => ({ means, takes: "attached" });

const C_SOURCE: Source = { source: "C, assembler or linker input" };
const LINKER_SCRIPT: Source = { source: "a linker script" };
const LINKER_INPUT: Source = { source: "a linker input (an object, an archive or a linker script)" };
const ASSEMBLER_SOURCE: Source = { source: "assembler source" };
const INCLUDE_DIR: SearchPath = { searchPath: "include" };
const LIBRARY_DIR: SearchPath = { searchPath: "library" };
const INCLUDED: Searched = { searched: "include" };
const LIBRARY: Searched = { searched: "library" };

/**
 * Names a toolchain program is installed under besides its own: a target
 * triplet before it (`x86_64-linux-gnu-gcc`, `arm-none-eabi-ld`,
 * `x86_64-w64-mingw32-g++`) and a version after it (`gcc-12`, `clang-16`,
 * `x86_64-linux-gnu-gcc-12`); Debian's `c89-gcc` and `c99-gcc` are records'
 * own names. The family (group 1) is the name of the record it maps to
 * (knowledge/index.ts findRecord).
 */
export const TOOLCHAIN_VARIANT =
  /^(?:(?:x86_64|i[3-7]86|aarch64(?:_be)?|arm\w*|riscv(?:32|64)|mips\w*|powerpc\w*|ppc\w*|s390x?|sparc\w*|alpha|hppa\w*|m68k|sh\d\w*|ia64|loongarch64|xtensa|avr|msp430|nios2|or1k|csky|arc\w*|bpf|wasm(?:32|64)|hexagon|nvptx|amdgcn)(?:-[\w.]+){1,3}-)?(gcc|g\+\+|c\+\+|cpp|gfortran|gccgo|gdc|gm2|clang|clang\+\+|clang-cpp|clang-cl|ld|ld\.bfd|ld\.gold|ld\.lld|lld|gold|as)(?:-[0-9][0-9.]*)?$/;

/**
 * ld's names for a library it searches (`-lNAME`): `libNAME.so` and
 * `libNAME.a` in each search directory; `-l:FILE` names FILE exactly.
 */
export const LIBRARY_FILES = { exact: ":", prefix: "lib", suffixes: [".so", ".a"] } as const;

/**
 * Files a compiler, an assembler or a linker reads as code without their
 * names on its command line: what the sources on disk include (headers,
 * sources, assembler includes, linker scripts; ProgramRecord.runsImplicitly).
 * One the same command writes first may hold directives permc does not see
 * (`printf '#include "…"' > config.h && gcc -c x.c`): a two-step. By kind,
 * as knowledge/implicit-code.ts lists them: an include of a file named like
 * data (`#include "table.txt"`) is left out.
 */
export const C_TOOLCHAIN_CODE: readonly string[] = [
  "*.h",
  "*.hh",
  "*.hpp",
  "*.hxx",
  "*.h++",
  "*.inc",
  "*.inl",
  "*.ipp",
  "*.tcc",
  "*.tpp",
  "*.def",
  "*.c",
  "*.cc",
  "*.cpp",
  "*.cxx",
  "*.c++",
  "*.C",
  "*.m",
  "*.mm",
  "*.i",
  "*.ii",
  "*.s",
  "*.S",
  "*.sx",
  "*.asm",
  "*.ld",
  "*.lds",
  "*.x",
  "*.specs",
  "*.modulemap",
];

/** Code a JVM loads from its class path and module path without naming it: classes and archives (and sources, for `java X.java` and javac). */
export const JVM_CODE: readonly string[] = [
  "*.class",
  "*.jar",
  "*.jmod",
  "*.java",
  "*.so",
  // Service files under META-INF/services on the class path (`.` by default) name classes the JVM loads: javac runs
  // every annotation processor one names (it ran rm in the start-up files discovery's sandbox), java its logger finder.
  "javax.annotation.processing.Processor",
  "com.sun.source.util.Plugin",
  "java.lang.System$LoggerFinder",
];

/** A driver runs its `-wrapper` and `-fmodule-mapper=|PROG` with arguments of its own after the words given. */
const DRIVER_RUNS: Runs = { changed: "the compiler driver runs it with arguments of its own (a pass's command line) after the words given" };

/**
 * gcc's and clang's drivers: single-dash long options, short options whose
 * value is attached or the next word. Options the grammar does not list are
 * flags; an `-opt=VALUE` among them is still a path where it looks like one
 * (paths/option-value.ts).
 */
export const GCC: OptionGrammar = {
  unknown: "flag",
  permute: true,
  singleDashLong: true,
  at: { unsure: "gcc reads more options from an @file, which permc cannot see", reads: true },
  short: {
    o: "write",
    B: unsure("gcc -B runs its compiler passes from another directory"),
    D: "value",
    U: "value",
    I: INCLUDE_DIR,
    L: LIBRARY_DIR,
    l: LIBRARY,
    T: LINKER_SCRIPT,
    x: "value",
    u: "value",
    z: "value",
    e: "value",
    // Options whose value is the rest of the word (-fno-…, -Wall, -O2, -march=…, -dM, -Aq=a): never read as more letters.
    W: attached("value"),
    f: attached("value"),
    m: attached("value"),
    O: attached("value"),
    g: attached("value"),
    n: attached("value"),
    M: attached("value"),
    X: attached("value"),
    A: attached("value"),
    d: attached("value"),
    p: attached("value"),
    s: attached("value"),
    r: attached("value"),
    t: attached("value"),
    i: attached("value"),
    w: attached("value"),
    v: "flag",
    c: "flag",
    S: "flag",
    E: "flag",
    P: "flag",
    C: "flag",
    H: "flag",
    Q: "flag",
  },
  long: {
    output: "write",
    // `-wrapper gdb,--args`: every pass runs as `gdb --args PASS…`.
    wrapper: { means: "argv", separator: ",", takes: "value" },
    specs: unsureRead("a gcc specs file can change the programs gcc runs and the options it gives them"),
    fplugin: unsureRead("gcc -fplugin loads a compiler plugin (code)"),
    include: INCLUDED,
    imacros: INCLUDED,
    iquote: INCLUDE_DIR,
    isystem: INCLUDE_DIR,
    idirafter: INCLUDE_DIR,
    iprefix: "value",
    iwithprefix: unsure("gcc -iwithprefix adds a search directory made from -iprefix"),
    iwithprefixbefore: unsure("gcc -iwithprefixbefore adds a search directory made from -iprefix"),
    imultilib: "value",
    isysroot: "walked",
    sysroot: "walked",
    dumpbase: "write",
    "dumpbase-ext": "value",
    dumpdir: "write-dir",
    "aux-info": "write",
    MF: "write",
    MT: "value",
    MQ: "value",
    MJ: "write",
    "serialize-diagnostics": "write",
    "include-pch": "read",
    // Options for the programs it runs, one word each: read with their records.
    Xlinker: { passes: "ld" },
    Xassembler: { passes: "as" },
    Xpreprocessor: { passes: "cpp" },
    // clang: a pass plugin, options for the compiler itself (`-Xclang -load -Xclang x.so`), the linker it runs.
    "fpass-plugin": unsureRead("clang -fpass-plugin loads a compiler plugin (code)"),
    Xclang: unsure("clang -Xclang passes options to the compiler itself, which may load a plugin (-load)"),
    cc1: unsure("clang -cc1 runs the compiler itself with its own options, which may load a plugin (-load)", "none"),
    cc1as: unsure("clang -cc1as runs the integrated assembler with its own options", "none"),
    Xanalyzer: unsure("clang -Xanalyzer passes options to the static analyser, which may write reports anywhere"),
    "Xopenmp-target": unsure("clang -Xopenmp-target passes options to another compilation"),
    config: unsureRead("a clang configuration file holds more options, which permc cannot see"),
    ivfsoverlay: unsureRead("clang -ivfsoverlay makes file names name other files"),
    "working-directory": "chdir",
    "gcc-toolchain": unsure("clang --gcc-toolchain takes the linker and runtime files from another directory"),
    "gcc-install-dir": unsure("clang --gcc-install-dir takes the linker and runtime files from another directory"),
    "resource-dir": unsure("clang -resource-dir takes its headers and runtime libraries from another directory"),
    "fuse-ld": unsure("-fuse-ld chooses the linker program the driver runs"),
    "ld-path": unsure("clang --ld-path names the linker program it runs"),
  },
  prefixed: [
    // `-Wl,-T,x.ld`, `-Wa,-I,dir`, `-Wp,-MD,x.d`: options for the linker, the assembler, the preprocessor.
    prefixed(/^-Wl,/, { means: { passes: "ld" }, separator: "," }),
    prefixed(/^-Wa,/, { means: { passes: "as" }, separator: "," }),
    prefixed(/^-Wp,/, { means: { passes: "cpp" }, separator: "," }),
    // `-iquotedir`, `-isystem/usr/x`: the directory attached.
    prefixed(/^-i(?:quote|system|dirafter)(?=.)/, INCLUDE_DIR),
    prefixed(/^-MF(?=.)/, "write"),
    prefixed(/^-fplugin-arg-/, "value"),
    // `-fmodule-mapper=|PROG ARGS`: g++ runs PROG (its words split on spaces); otherwise a file or a server naming more files.
    prefixed(/^-fmodule-mapper=\|/, { means: "argv", separator: " " }),
    prefixed(/^-fmodule-mapper=/, unsure("g++ -fmodule-mapper names a file or server that says which files it reads and writes", "attached")),
    // Dumps and reports to a file the option names (`-fdump-tree-all=FILE`, `-fopt-info-all=FILE`, `-time=FILE`).
    prefixed(/^-fdump-[\w-]+=/, "write"),
    prefixed(/^-fopt-info[\w-]*=/, "write"),
    prefixed(/^-time=/, "write"),
    prefixed(/^-fprofile-note=/, "write"),
    prefixed(/^-ftime-trace=/, "write"),
    prefixed(/^-foptimization-record-file=/, "write"),
    prefixed(/^-f(?:crash-diagnostics-dir|modules-cache-path)=/, "write-dir"),
    prefixed(/^-fdiagnostics-(?:add|set)-output=[^:,]*:(?:[^,]*,)*file=/, { means: "write", takes: "attached", attachedPattern: /^[^,]*/ }),
    // Files it reads: profiles, sanitizer lists, module maps, clang module files (`name=FILE`).
    prefixed(
      /^-f(?:profile-use|auto-profile|profile-sample-use|profile-instr-use|profile-remapping-file|sanitize-(?:ignorelist|blacklist|system-ignorelist)|profile-list|module-map-file|xray-(?:attr-list|always-instrument|never-instrument)|basic-block-sections=list)=/,
      "read",
    ),
    prefixed(/^-fmodule-file=(?:[^=]*=)?/, "read"),
  ],
};

/** gcc's drivers (gcc, g++, clang, …): the files they compile and link, and what `-wrapper` runs. */
export const GCC_DRIVER: Omit<ProgramRecord, "names"> = { options: GCC, operands: [C_SOURCE], runs: DRIVER_RUNS, runsImplicitly: C_TOOLCHAIN_CODE };

/**
 * GNU ld and the linkers that read its options (gold, lld, mold):
 * getopt_long_only, so a single-dash word is a long option or, failing
 * that, short letters (`-o`, `-lm`, `-Tx.ld`).
 */
const LD: OptionGrammar = {
  abbreviations: true,
  unknown: "flag",
  permute: true,
  singleDashLong: true,
  at: { unsure: "ld reads more options from an @file, which permc cannot see", reads: true },
  short: {
    o: "write",
    T: LINKER_SCRIPT,
    c: { source: "an MRI linker script" },
    L: LIBRARY_DIR,
    Y: LIBRARY_DIR,
    l: LIBRARY,
    R: "read",
    e: "value",
    m: "value",
    z: "value",
    h: "value",
    u: "value",
    y: "value",
    A: "value",
    b: "value",
    f: "value",
    F: "value",
    G: "value",
    I: "value",
    O: "value",
    M: "flag",
  },
  long: {
    output: "write",
    script: LINKER_SCRIPT,
    "default-script": LINKER_SCRIPT,
    dT: LINKER_SCRIPT,
    "mri-script": { source: "an MRI linker script" },
    "library-path": LIBRARY_DIR,
    library: LIBRARY,
    "just-symbols": "read",
    "retain-symbols-file": "read",
    Map: "write",
    "version-script": "read",
    "dynamic-list": "read",
    "dependency-file": "write",
    "out-implib": "write",
    sysroot: "walked",
    plugin: unsureRead("ld --plugin loads code"),
    "load-pass-plugin": unsureRead("the linker loads a pass plugin (code)"),
    "plugin-opt": "value",
    // ld runs the script on some errors, with arguments of its own after its name.
    "error-handling-script": "argv",
    "remap-inputs-file": unsureRead("ld --remap-inputs-file makes input names name other files"),
    "remap-inputs": unsure("ld --remap-inputs makes input names name other files"),
    entry: "value",
    soname: "value",
    rpath: "value",
    "rpath-link": "value",
    "dynamic-linker": "value",
    "trace-symbol": "value",
    defsym: "value",
    wrap: "value",
    undefined: "value",
    "section-start": "value",
    "image-base": "value",
    oformat: "value",
    format: "value",
    emulation: "value",
    "hash-style": "value",
    "build-id": { means: "value", takes: "attached" },
    "package-metadata": "value",
    Ttext: "value",
    Tdata: "value",
    Tbss: "value",
    "Ttext-segment": "value",
    "Trodata-segment": "value",
    "Tldata-segment": "value",
    auxiliary: "value",
    filter: "value",
    // Flags a single dash gives too, which would otherwise read as short letters (`-nostdlib` is not `-n -o stdlib`).
    M: "flag",
    shared: "flag",
    Bshareable: "flag",
    static: "flag",
    Bstatic: "flag",
    Bdynamic: "flag",
    Bsymbolic: "flag",
    "Bsymbolic-functions": "flag",
    pie: "flag",
    "no-pie": "flag",
    nostdlib: "flag",
    "export-dynamic": "flag",
    "no-export-dynamic": "flag",
    "as-needed": "flag",
    "no-as-needed": "flag",
    "gc-sections": "flag",
    "no-gc-sections": "flag",
    "start-group": "flag",
    "end-group": "flag",
    "whole-archive": "flag",
    "no-whole-archive": "flag",
    "eh-frame-hdr": "flag",
    "no-undefined": "flag",
    "allow-shlib-undefined": "flag",
    "no-allow-shlib-undefined": "flag",
    "enable-new-dtags": "flag",
    "disable-new-dtags": "flag",
    "push-state": "flag",
    "pop-state": "flag",
    "print-map": "flag",
    "strip-all": "flag",
    "strip-debug": "flag",
    "discard-all": "flag",
    relocatable: "flag",
    "fatal-warnings": "flag",
    "warn-common": "flag",
    verbose: "flag",
    version: "flag",
    help: "flag",
    nmagic: "flag",
    omagic: "flag",
    "no-omagic": "flag",
    call_shared: "flag",
    non_shared: "flag",
    dn: "flag",
    dy: "flag",
    relax: "flag",
    "no-relax": "flag",
    cref: "flag",
    trace: "flag",
    stats: "flag",
    demangle: "flag",
    "no-demangle": "flag",
    "copy-dt-needed-entries": "flag",
    "no-copy-dt-needed-entries": "flag",
    "print-gc-sections": "flag",
    "error-unresolved-symbols": "flag",
    "warn-unresolved-symbols": "flag",
    "sort-common": "flag",
    "noinhibit-exec": "flag",
    EB: "flag",
    EL: "flag",
  },
};

/** The linkers: their inputs, and the script ld runs on errors. */
export const LINKER: ProgramRecord = {
  names: ["ld", "ld.bfd", "ld.gold", "ld.lld", "lld", "ld64.lld", "gold", "mold", "ld.mold"],
  options: LD,
  operands: [LINKER_INPUT],
  runs: { changed: "ld runs it with arguments of its own (what went wrong) after its name" },
  runsImplicitly: C_TOOLCHAIN_CODE,
};

/** The GNU assembler: it reads standard input with no file named, `-` or `--` (tried with binutils 2.40). */
const AS: OptionGrammar = {
  abbreviations: true,
  unknown: "flag",
  permute: true,
  at: { unsure: "as reads more options from an @file, which permc cannot see", reads: true },
  short: {
    o: "write",
    I: INCLUDE_DIR,
    a: { means: "value", takes: "attached", attachedPattern: /^[a-z]*/ },
    D: "flag",
    f: "flag",
    g: "flag",
    J: "flag",
    K: "flag",
    L: "flag",
    M: "flag",
    R: "flag",
    v: "flag",
    V: "flag",
    W: "flag",
    w: "flag",
    x: "flag",
    Z: "flag",
  },
  long: {
    MD: "write",
    defsym: "value",
    "debug-prefix-map": "value",
    "listing-lhs-width": "value",
    "listing-lhs-width2": "value",
    "listing-rhs-width": "value",
    "listing-cont-lines": "value",
    itbl: "read",
    "hash-size": "value",
  },
  // `-a[cdghlmns]=FILE`: the listing goes to FILE.
  prefixed: [prefixed(/^-a[a-z]*=/, "write")],
};

export const TOOLCHAINS = recordGroup((): readonly ProgramRecord[] => [
  // Drivers of gcc's other languages and Debian's strict-standard wrappers: gcc's options, gcc's passes.
  { names: ["gfortran", "gccgo", "gdc", "gm2", "c89-gcc", "c99-gcc", "clang-cpp"], ...GCC_DRIVER },
  // `cpp [OPTIONS] [IN [OUT]]`: gcc's driver preprocessing; the second operand is the file it writes. With none, standard input.
  {
    names: ["cpp"],
    options: GCC,
    operands: [{ source: "C source" }, "write"],
    bare: { source: "C source" },
    runs: DRIVER_RUNS,
    runsImplicitly: C_TOOLCHAIN_CODE,
  },
  // gcc's passes, run by hand: the compiler proper reads standard input with no file named; collect2 is the linker's wrapper.
  { names: ["cc1", "cc1plus", "cc1obj", "cc1objplus"], options: GCC, operands: [C_SOURCE], bare: C_SOURCE, runsImplicitly: C_TOOLCHAIN_CODE },
  { ...LINKER, names: ["collect2"] },
  { names: ["as", "gas"], options: AS, operands: [ASSEMBLER_SOURCE], bare: ASSEMBLER_SOURCE, runsImplicitly: C_TOOLCHAIN_CODE },
  { names: ["java"], ...javaLauncher() },
  // javac: options from @argfiles; `-J-OPTION` is an option of the VM it runs on. (Where `-d`, `-s` and `-h` write
  // is a directory writer's class: operands read as paths, as before.)
  {
    names: ["javac"],
    options: {
      unknown: "flag",
      permute: true,
      singleDashLong: true,
      at: { unsure: "javac reads more options from an @argfile, which permc cannot see", reads: true },
      short: { p: { means: "read", separator: ":" } },
      long: {
        cp: { means: "read", separator: ":" },
        classpath: { means: "read", separator: ":" },
        "class-path": { means: "read", separator: ":" },
        processorpath: { means: "read", separator: ":" },
        "processor-path": { means: "read", separator: ":" },
        "module-path": { means: "read", separator: ":" },
        sourcepath: { means: "read", separator: ":" },
        "source-path": { means: "read", separator: ":" },
      },
      prefixed: [prefixed(/^-J/, { passes: "java" })],
    },
    operands: ["read"],
    runsImplicitly: JVM_CODE,
  },
]);

/** What a `-XX:Name=VALUE` whose name the table below does not list may hold without naming a file: a number, a size, a boolean. */
const JVM_PLAIN_VALUE = /^-XX:\w+=(?:[+-]?\d[\d.]*[kKmMgGtT%]?|true|false)$/;

/**
 * The java launcher and the HotSpot VM (JDK 17's `java --help`, `java -X`
 * and every string-valued `-XX:` flag of `java -XX:+PrintFlagsFinal` with
 * diagnostic and experimental flags unlocked). An option it does not list
 * may name a file or load code: unsure.
 */
function javaLauncher(): Omit<ProgramRecord, "names"> {
  const classPath: OptionSpec = { means: "read", separator: ":" };
  const script: OptionSpec = { means: "script", takes: "attached", attachedPattern: /^[^=]*/ };
  const options: OptionGrammar = {
    unknown: "unsure",
    singleDashLong: true,
    at: { unsure: "java reads more options from an @argfile, which permc cannot see", reads: true },
    short: { p: classPath, m: { means: "value", ends: true, operands: ["value"] }, D: attached("value"), d: "value", h: "flag", "?": "flag" },
    long: {
      cp: classPath,
      classpath: classPath,
      "class-path": classPath,
      "module-path": classPath,
      "upgrade-module-path": classPath,
      // `java -jar app.jar ARGS…`: the jar's code runs; the rest are its arguments.
      jar: { means: "script", ends: true, operands: ["value"] },
      module: { means: "value", ends: true, operands: ["value"] },
      "add-modules": "value",
      "enable-native-access": "value",
      "add-reads": "value",
      "add-exports": "value",
      "add-opens": "value",
      "limit-modules": "value",
      "patch-module": unsure("java --patch-module replaces a module's classes with the files it names"),
      "illegal-access": "value",
      finalization: "value",
      "sun-misc-unsafe-memory-access": "value",
      source: "value",
      "describe-module": "value",
      "enable-preview": "flag",
      "disable-@files": "flag",
      "show-module-resolution": "flag",
      "list-modules": "flag",
      "validate-modules": "flag",
      "dry-run": "flag",
      version: "flag",
      "show-version": "flag",
      showversion: "flag",
      "full-version": "flag",
      fullversion: "flag",
      help: "flag",
      "help-extra": "flag",
      X: "flag",
      server: "flag",
      client: "flag",
      d32: "flag",
      d64: "flag",
    },
    prefixed: [
      // Assertions and verbose output: `-ea:com.x...`, `-verbose:gc`.
      prefixed(/^-(?:ea|da|esa|dsa|enableassertions|disableassertions|enablesystemassertions|disablesystemassertions)(?::|$)/, "flag"),
      prefixed(/^-verbose(?::|$)/, "flag"),
      prefixed(/^-X(?:ms|mx|ss|mn)\d/, "flag"),
      prefixed(
        /^-X(?:int|mixed|comp|batch|rs|noclassgc|diag|future|internalversion|debug|check:jni|share:\w+|verify(?::\w+)?|showSettings(?::\w+)?|printflags)$/,
        "flag",
      ),
      prefixed(/^-splash:/, "read"),
      prefixed(/^-Xbootclasspath(?:\/[ap])?:/, classPath),
      prefixed(/^-Xloggc:/, "write"),
      // `-Xlog:WHAT:OUTPUT:…`: an OUTPUT other than stdout or stderr is a file (`file=PATH` or `PATH`); a quoted one may hold colons.
      prefixed(/^-Xlog:[^:]*:(?:file=)?"/, unsure("java -Xlog names its output file in quotes, which permc does not read", "attached")),
      prefixed(/^-Xlog:[^:]*:(?!(?:stdout|stderr)(?::|$))(?:file=)?(?=[^:])/, { means: "write", takes: "attached", attachedPattern: /^[^:]*/ }),
      prefixed(/^-Xlog(?::|$)/, "flag"),
      // Agents: code that runs in the VM (`-javaagent:JAR[=OPTIONS]`, `-agentpath:LIB[=OPTIONS]`); one by name may be a debugger.
      prefixed(/^-javaagent:/, script),
      prefixed(/^-agentpath:/, script),
      prefixed(/^-agentlib:/, unsure("java -agentlib loads a native agent by name; jdwp opens a debugger that runs code sent to it", "attached")),
      prefixed(/^-Xrun/, unsure("java -Xrun loads a native agent by name; jdwp opens a debugger that runs code sent to it", "attached")),
      // `-XX:` flags: booleans, then the string-valued ones by what their value is, then numbers and sizes.
      prefixed(/^-XX:[+-]/, "flag"),
      prefixed(/^-XX:(?:Flags|VMOptionsFile)=/, { means: { unsure: "java reads more VM options from the file named", reads: true }, takes: "attached" }),
      prefixed(/^-XX:(?:OnError|OnOutOfMemoryError)=/, attached("shell")),
      prefixed(/^-XX:(?:HeapDumpPath|SharedArchiveFile|ReplayDataFile|AOTCache|AOTConfiguration)=/, attached("path")),
      prefixed(/^-XX:(?:ErrorFile|LogFile|PerfDataSaveFile|ArchiveClassesAtExit|DumpLoadedClassList|JVMCILibDumpJNIConfig|AOTCacheOutput)=/, attached("write")),
      prefixed(
        /^-XX:(?:CompileCommandFile|CompilerDirectivesFile|InlineDataFile|SharedClassListFile|ExtraSharedClassListFile|SharedArchiveConfigFile|PauseAtStartupFile)=/,
        attached("read"),
      ),
      prefixed(/^-XX:AllocateHeapAt=/, attached("write-dir")),
      prefixed(/^-XX:JVMCILibPath=/, unsure("java -XX:JVMCILibPath loads a compiler library (code) from the directory named", "attached")),
      prefixed(/^-XX:(?:StartFlightRecording|FlightRecorderOptions)(?:=|$)/, {
        // Its settings (`filename=`, `settings=`, `repository=`, `dumppath=`) name files it writes and reads: unsure with any.
        means: { unsure: "a flight recording writes and reads the files its settings name", when: /./ },
        takes: "attached",
      }),
      prefixed(
        /^-XX:(?:AbortVMOnException|AbortVMOnExceptionMessage|CompilationMode|CompileCommand|CompileOnly|ControlIntrinsic|DisableIntrinsic|MetaspaceReclaimPolicy|NativeMemoryTracking|PrintAssemblyOptions|ShenandoahGCHeuristics|ShenandoahGCMode|TraceJVMTI|VerifyGCType|VerifySubSet)=/,
        "flag",
      ),
      prefixed(JVM_PLAIN_VALUE, "flag"),
    ],
  };
  return {
    options,
    // The main class, or a source file it compiles and runs (`java Hello.java`); then the program's arguments.
    operands: ["script", "value"],
    runsImplicitly: JVM_CODE,
  };
}
