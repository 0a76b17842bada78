/**
 * Python's standard modules that are programs of their own under
 * `python -m MOD`, where what they take differs from a program of the same
 * name (`python -m code` is a Python prompt, not VS Code). Any other module
 * (`python -m pdb` included: the pdb program is the same module)
 * is judged as the program of its name (`python -m pip install x` is
 * `pip install x`, so a rule on `pip *` applies; one permc has no record
 * for is a program it does not know): analyse-program.ts, meaning `python-module`.
 */
import type { Code, Subcommand } from "../program-record.js";

const PYTHON: Code = { code: "Python" };
/** A script and its arguments, or `-m MOD` (the profilers and tracers run it). */
const RUNS_SCRIPT: Subcommand["operands"] = ["script", "value"];
const MODULE = { means: "value", ends: true } as const;
const EXTRACTS = (module: string) => ({ unsure: `python -m ${module} -e writes the archive's members, which permc does not list` });

export const PYTHON_MODULES: Readonly<Record<string, Subcommand>> = {
  // `python -m timeit 'os.system("rm x")'`: its operands and -s are statements.
  timeit: {
    options: {
      unknown: "flag",
      permute: true,
      short: { s: PYTHON, n: "value", r: "value", u: "value" },
      long: { setup: PYTHON, number: "value", repeat: "value", unit: "value" },
    },
    operands: [PYTHON],
  },
  cProfile: { options: { unknown: "flag", short: { o: "write", s: "value", m: MODULE }, long: { outfile: "write", sort: "value" } }, operands: RUNS_SCRIPT },
  profile: { options: { unknown: "flag", short: { o: "write", s: "value", m: MODULE }, long: { outfile: "write", sort: "value" } }, operands: RUNS_SCRIPT },
  trace: {
    options: {
      unknown: "flag",
      short: { f: "write", C: "write-dir", m: MODULE },
      long: { file: "write", coverdir: "write-dir", module: MODULE, ignore: "value", "ignore-module": "value", "ignore-dir": "value" },
    },
    operands: RUNS_SCRIPT,
  },
  // It serves every file under the directory it runs in, or under `-d DIR`, to anyone who asks (the agent too).
  "http.server": {
    options: { unknown: "flag", permute: true, short: { d: "read", b: "value", p: "value" }, long: { directory: "read", bind: "value", protocol: "value" } },
    operands: ["value"],
    walksWorkingDirectory: true,
  },
  SimpleHTTPServer: { operands: ["value"], walksWorkingDirectory: true },
  // Prompts that read Python from their input.
  code: { operands: ["value"], stdin: PYTHON },
  asyncio: { operands: ["value"], stdin: PYTHON },
  // Archives: `-e` writes the members where permc cannot name them; `-l`, `-t`, `-c` list, test and create.
  zipfile: {
    options: {
      unknown: "flag",
      // `-c x.zip SRC…`: each source directory is added with every file under it (each opened: real python under strace, knowledge/walk-opens-files.test.ts).
      short: { e: EXTRACTS("zipfile"), c: { means: "write", walksOperands: true, opensEveryFile: true }, l: "read", t: "read" },
      long: { extract: EXTRACTS("zipfile"), create: { means: "write", walksOperands: true, opensEveryFile: true }, list: "read", test: "read" },
    },
    operands: ["read"],
  },
  tarfile: {
    options: {
      unknown: "flag",
      short: { e: EXTRACTS("tarfile"), c: { means: "write", walksOperands: true, opensEveryFile: true }, l: "read", t: "read" },
      long: { extract: EXTRACTS("tarfile"), create: { means: "write", walksOperands: true, opensEveryFile: true }, list: "read", test: "read" },
    },
    operands: ["read"],
  },
};
