/**
 * Compilers, typesetters, document converters and language tools from the
 * GTFOBins catalogue. Compiling or typesetting a file is the program the
 * user chose, as running `make` is; what is modelled is how each can be
 * made to run another program or code permc cannot read (gcc's drivers:
 * knowledge/toolchains.ts), Go's -toolexec and -exec, TeX's shell escape,
 * latexmk's command templates and Perl, pandoc's filters, debuggers fed on
 * their input. Tools that exist to run code in their own language are
 * floored in every use.
 */
import type { Code, OptionGrammar, OptionSpec, ProgramRecord } from "../program-record.js";
import { recordGroup } from "./record-group.js";
import { ANY_CODE, PYTHON_CODE } from "./implicit-code.js";
import { GCC_DRIVER } from "./toolchains.js";

const unsure = (why: string, takes: OptionSpec["takes"] = "value"): OptionSpec => ({ means: { unsure: why }, takes });
const code = (language: string): Code => ({ code: language });

/** Flags shared by go build, run, test, vet, install, list and generate. */
const GO: OptionGrammar = {
  unknown: "flag",
  permute: true,
  singleDashLong: true,
  short: { o: "write", C: "chdir", p: "value", a: "flag", n: "flag", v: "flag", x: "flag" },
  long: {
    toolexec: "shell",
    exec: "shell",
    vettool: "argv",
    ldflags: unsure("go -ldflags can name the external linker go runs (-extld)"),
    gccgoflags: unsure("go -gccgoflags passes options to gccgo"),
    overlay: "read",
    modfile: "read",
    pgo: "read",
    pkgdir: "path",
    outputdir: "path",
    coverprofile: "write",
    cpuprofile: "write",
    memprofile: "write",
    blockprofile: "write",
    mutexprofile: "write",
    trace: "write",
    asmflags: "value",
    gcflags: "value",
    tags: "value",
    mod: "value",
    buildmode: "value",
    buildvcs: "value",
    compiler: "value",
    installsuffix: "value",
    covermode: "value",
    coverpkg: "value",
    run: "value",
    skip: "value",
    bench: "value",
    benchtime: "value",
    count: "value",
    timeout: "value",
    cpu: "value",
    parallel: "value",
    shuffle: "value",
    fuzz: "value",
    fuzztime: "value",
    fuzzminimizetime: "value",
    list: "value",
    json: "flag",
    race: "flag",
    msan: "flag",
    asan: "flag",
    cover: "flag",
    trimpath: "flag",
    linkshared: "flag",
    work: "flag",
    modcacherw: "flag",
    failfast: "flag",
    short: "flag",
    benchmem: "flag",
    i: "flag",
  },
};

/** web2c TeX engines (getopt_long_only: one or two dashes, unique prefixes). */
const TEX: OptionGrammar = {
  unknown: "flag",
  permute: true,
  singleDashLong: true,
  abbreviations: true,
  long: {
    "shell-escape": unsure("--shell-escape lets the TeX source run shell commands (\\write18)", "none"),
    "enable-write18": unsure("--enable-write18 lets the TeX source run shell commands", "none"),
    "cnf-line": unsure("--cnf-line changes TeX settings, shell escape among them"),
    lua: { means: code("Lua"), takes: "value" },
    luaonly: { means: code("Lua"), takes: "none" },
    "shell-restricted": "flag",
    "no-shell-escape": "flag",
    "disable-write18": "flag",
    safer: "flag",
    nosocket: "flag",
    "output-directory": "path",
    "aux-directory": "path",
    jobname: "value",
    interaction: "value",
    fmt: "value",
    progname: "value",
    "translate-file": "value",
    "default-translate-file": "value",
    "output-format": "value",
    "output-comment": "value",
    synctex: "value",
    mktex: "value",
    "no-mktex": "value",
    "kpathsea-debug": "value",
    "src-specials": { means: "value", takes: "attached" },
    "halt-on-error": "flag",
    "file-line-error": "flag",
    "no-file-line-error": "flag",
    draftmode: "flag",
    recorder: "flag",
    ini: "flag",
    etex: "flag",
    "8bit": "flag",
    "parse-first-line": "flag",
    "no-parse-first-line": "flag",
    version: "flag",
    help: "flag",
  },
};

export const GTFOBINS_LANGUAGES = recordGroup((): readonly ProgramRecord[] => [
  // clang reads gcc's driver options (`-fplugin=`, `-B`, `@file`) and adds its own (`-fpass-plugin=`, `-Xclang`, `--ld-path`): knowledge/toolchains.ts.
  { names: ["gcc", "g++", "cc", "c++", "c89", "c99", "clang", "clang++", "clang-cl"], ...GCC_DRIVER },
  {
    names: ["go"],
    // `go run`, `go test` and `go generate` run the package's code; go.mod may name a toolchain go downloads.
    runsImplicitly: ANY_CODE,
    options: { unknown: "flag" },
    operands: ["value"],
    subcommands: {
      run: { options: GO, operands: ["script", "value"] },
      env: {
        options: { unknown: "flag", short: { w: unsure("go env -w changes the settings later go commands run with (GOFLAGS, GOTOOLCHAIN)", "none") } },
        operands: ["value"],
      },
    },
    otherSubcommands: { options: GO, operands: ["value"] },
  },
  {
    names: ["tex", "etex", "pdftex", "xetex", "luatex", "luahbtex", "latex", "pdflatex", "xelatex", "lualatex", "dvilualatex"],
    options: TEX,
    // A document's `\input`, `\include` and `\openin` read any file, into the output and the log.
    operands: ["document"],
  },
  { names: ["texlua", "texluac"], always: { code: "Lua" } },
  // latexmk: Perl code (-e, -r and latexmkrc) and command templates for each engine.
  {
    names: ["latexmk"],
    options: {
      unknown: "flag",
      permute: true,
      singleDashLong: true,
      short: { e: code("Perl"), r: code("Perl (a latexmk rc file)") },
      long: {
        latex: { means: "shell", takes: "attached" },
        pdflatex: { means: "shell", takes: "attached" },
        lualatex: { means: "shell", takes: "attached" },
        xelatex: { means: "shell", takes: "attached" },
        dvipdf: { means: "shell", takes: "attached" },
        ps2pdf: { means: "shell", takes: "attached" },
        "shell-escape": unsure("latexmk -shell-escape lets the TeX source run shell commands", "none"),
        latexoption: unsure("latexmk -latexoption passes options such as --shell-escape to TeX", "attached"),
        usepretex: { means: "value", takes: "attached" },
        jobname: { means: "value", takes: "attached" },
        outdir: { means: "path", takes: "attached" },
        auxdir: { means: "path", takes: "attached" },
      },
    },
    // Its rc files in the directory it runs in are Perl, as -r's is.
    runsImplicitly: ["latexmkrc", ".latexmkrc"],
    operands: ["document"],
  },
  { names: ["dvips"], always: { unsure: "dvips pipes its output to a command (-o !cmd) and runs commands named in the DVI file when not secure (-R0)" } },
  // pandoc: filters are programs (or Lua), and `pandoc lua` is a Lua interpreter.
  {
    names: ["pandoc"],
    options: {
      unknown: "flag",
      permute: true,
      abbreviations: true,
      short: {
        o: "write",
        F: "argv",
        L: code("Lua (a pandoc filter)"),
        d: unsure("a pandoc defaults file can name filters"),
        f: "value",
        t: "value",
        r: "value",
        w: "value",
        M: "value",
        V: "value",
        H: "read",
        B: "read",
        A: "read",
        c: "value",
      },
      long: {
        output: "write",
        filter: "argv",
        "lua-filter": code("Lua (a pandoc filter)"),
        defaults: unsure("a pandoc defaults file can name filters"),
        "pdf-engine": "argv",
        "pdf-engine-opt": unsure("pandoc passes --pdf-engine-opt to the engine, --shell-escape among them"),
        from: "value",
        to: "value",
        read: "value",
        write: "value",
        metadata: "value",
        variable: "value",
        template: "read",
        "reference-doc": "read",
        "extract-media": "path",
        "resource-path": "value",
        "include-in-header": "read",
        "include-before-body": "read",
        "include-after-body": "read",
        "metadata-file": "read",
        bibliography: "read",
        csl: "read",
        "citation-abbreviations": "read",
        "syntax-definition": "read",
        "highlight-style": "value",
        "epub-cover-image": "read",
        "epub-metadata": "read",
        "epub-embed-font": "read",
        css: "value",
        log: "write",
        abbreviations: "read",
        "data-dir": "path",
      },
    },
    // A document's images and includes are files pandoc reads (and embeds), and its raw LaTeX is TeX's.
    operands: ["document"],
    subcommands: { lua: { always: { code: "Lua" } }, server: { always: { unsure: "pandoc server converts documents sent over HTTP" } } },
  },
  { names: ["pandoc-lua"], always: { code: "Lua" } },
  { names: ["pandoc-server"], always: { unsure: "pandoc-server converts documents sent over HTTP" } },
  // cowsay: a cow file (-f) is Perl code.
  {
    names: ["cowsay", "cowthink"],
    options: {
      short: {
        f: code("Perl (a cow file)"),
        e: "value",
        T: "value",
        W: "value",
        b: "flag",
        d: "flag",
        g: "flag",
        p: "flag",
        s: "flag",
        t: "flag",
        w: "flag",
        y: "flag",
        l: "flag",
        n: "flag",
        h: "flag",
      },
    },
    operands: ["value"],
  },
  // Debuggers run the script they are given; their own commands (from -c or their input, even with a script) run code.
  // pdb runs its script as Python does, and first the debugger commands of .pdbrc here and in the home directory:
  // `echo 'import os; os.system("rm victim")' > .pdbrc && pdb3 s.py` ran rm (the hunt's sandbox).
  {
    names: ["pdb", "pdb3"],
    runsImplicitly: [".pdbrc", ...PYTHON_CODE],
    options: {
      short: { c: { means: code("Python (debugger commands)"), takes: "value" }, m: { means: "value", ends: true }, h: "flag" },
      long: { command: code("Python (debugger commands)"), help: "flag" },
    },
    operands: ["script", "value"],
    stdin: code("Python (debugger commands)"),
  },
  {
    names: ["byebug"],
    options: {
      short: {
        d: "flag",
        I: "value",
        m: "flag",
        q: "flag",
        r: "module",
        R: unsure("byebug -R starts a remote debugging server"),
        s: "flag",
        t: "flag",
        v: "flag",
        x: "flag",
        h: "flag",
      },
      long: {
        debug: "flag",
        include: "value",
        "post-mortem": "flag",
        quit: "flag",
        "no-quit": "flag",
        require: "module",
        remote: unsure("byebug --remote starts a remote debugging server"),
        stop: "flag",
        "no-stop": "flag",
        trace: "flag",
        version: "flag",
        rc: "flag",
        "no-rc": "flag",
        help: "flag",
      },
    },
    // The script it debugs, and runs: written first, it floors byebug; read as a document, not a script, so that what
    // its input feeds stays debugger commands (a script makes a program's input data).
    operands: ["document", "value"],
    stdin: code("Ruby (debugger commands)"),
  },
  // cobc -j runs the program it just compiled.
  {
    names: ["cobc"],
    options: {
      abbreviations: true,
      unknown: "flag",
      permute: true,
      short: { j: unsure("cobc -j runs the program it compiled", "attached"), o: "write" },
      long: { job: unsure("cobc --job runs the program it compiled", "attached"), output: "write" },
    },
    // A source's COPY statements include any file.
    operands: ["document"],
  },
  // groff: unsafe mode (-U) lets the document run commands. Its `.so` and `.mso` requests include any file, and pic's
  // `copy` reads one: `echo '.so …/secret' > x.ms && groff x.ms` printed the file (a real run), and so does a document
  // fed on the input.
  {
    names: ["nroff", "groff", "troff"],
    options: { unknown: "flag", permute: true, short: { U: unsure("groff -U lets the document run commands", "none") } },
    operands: ["document"],
    stdin: code("troff requests (`.so` includes any file)"),
  },
  // soelim carries out `.so` requests, from its operands or its input: `echo '.so …/id_rsa' | soelim` printed the key.
  { names: ["soelim"], options: { unknown: "flag", permute: true }, operands: ["document"], stdin: code("troff requests (`.so` includes any file)") },
  {
    names: ["pic", "gpic"],
    options: { unknown: "flag", permute: true, short: { U: unsure("pic -U lets the picture run shell commands", "none") } },
    operands: ["document"],
    stdin: code("pic (`copy` reads any file)"),
  },
  {
    names: ["enscript"],
    options: { unknown: "flag", permute: true, abbreviations: true, short: { I: "shell", o: "write", p: "write" }, long: { filter: "shell", output: "write" } },
    operands: ["read"],
  },
  // Autotools run m4 on the project's configure.ac; the programs they run are named by variables (variables.ts).
  {
    names: ["autoconf", "autoheader", "autoreconf", "autom4te", "autoupdate"],
    options: { unknown: "flag", permute: true, short: { o: "write" }, long: { output: "write" } },
    // m4's `esyscmd` and `syscmd` run shell commands, in configure.ac and the macro files it takes in.
    runsImplicitly: ["configure.ac", "configure.in", "aclocal.m4", "acinclude.m4", "*.m4"],
    operands: ["script"],
  },
  { names: ["acr"], always: { unsure: "acr runs a build description, whose rules run shell commands" } },
  { names: ["perlbug"], always: { unsure: "perlbug runs an editor (-e) and other programs while it builds a report" } },
  { names: ["jrunscript"], always: code("JavaScript") },
  { names: ["slsh"], always: code("S-Lang") },
  { names: ["octave", "octave-cli"], always: code("Octave") },
  { names: ["ghc"], always: { unsure: "ghc runs Haskell given on the command line (-e) and programs named by its -pgm options" } },
  { names: ["gimp", "gimp-console"], always: { code: "GIMP batch scripts (Script-Fu or Python)" } },
  { names: ["pry"], always: code("Ruby") },
  { names: ["cpan"], always: code("Perl") },
  { names: ["volatility", "vol.py"], always: code("Python") },
  { names: ["sash"], always: { code: "sash commands, a shell language permc does not parse" } },
  { names: ["msfconsole"], always: { unsure: "the Metasploit console runs shell commands and Ruby code" } },
  { names: ["sqlmap"], always: { unsure: "sqlmap runs Python code (--eval) and operating-system commands on its targets" } },
]);
