/**
 * The names an interpreter's modules read (the variables discovery's third
 * source, env-reads.ts). Perl and Python copy the whole environment into
 * %ENV and os.environ at start-up without asking libc, so the getenv shim
 * sees none of their reads. The Python hook (python-environ-log.py) sees the
 * reads a run makes; this scan sees the ones it does not take: each Perl or
 * Python module the run opened (from strace's record of its opens) is read
 * for the spellings of a variable read in its language. pytest reads
 * PYTEST_DEBUG_TEMPROOT only when a test asks for a temporary directory, and
 * prove's TAP::Harness reads HARNESS_PERL_SWITCHES in a module, not in the
 * script agents run.
 */
import { existsSync, readFileSync } from "node:fs";

/** An open that succeeded, of a Perl or Python module (a compiled `.pyc` stands for its source beside `__pycache__`). */
const MODULE_OPEN = /\bopen(?:at)?\((?:[^"]*?)"([^"]+\.(?:pm|pl|py|pyc))"[^)]*\)\s*=\s*\d/g;
const PYC = /^(.*)\/__pycache__\/([^/.]+)\.[^/]*\.pyc$/;

/** The module files an strace record of opens shows a run reading, as source files that exist here. */
export function modulesOpened(trace: string): string[] {
  const found = new Set<string>();
  for (const m of trace.matchAll(MODULE_OPEN)) {
    const opened = m[1] as string;
    const pyc = PYC.exec(opened);
    const source = pyc === null ? opened : `${pyc[1]}/${pyc[2]}.py`;
    if (!source.endsWith(".pyc") && existsSync(source)) found.add(source);
  }
  return [...found].sort();
}

/** Perl's and Python's spellings of a read of one named variable (a shell's `$X` is not one: Perl's `$VERSION` is a global). */
const SPELLINGS = [
  /\$ENV\{\s*['"]?([A-Za-z_]\w*)/g, // perl
  /\benviron(?:\.get|\.setdefault|\.pop)?\s*[([]\s*[rbu]?['"]([A-Za-z_]\w*)/g, // python
  /\b(?:os\.)?(?:getenv|getenvb)\s*\(\s*[rbu]?['"]([A-Za-z_]\w*)/g, // python
  /['"]([A-Za-z_]\w*)['"]\s+in\s+(?:os\.)?environ\b/g, // python
];

/** The names one module's text reads from its environment. */
export function namedInModule(text: string): string[] {
  const found = new Set<string>();
  for (const re of SPELLINGS) for (const m of text.matchAll(re)) if (m[1] !== undefined) found.add(m[1]);
  return [...found].sort();
}

/** namedInModule of each file, read once per discovery: a library's modules are opened by many programs. */
export class ModuleScan {
  readonly #named = new Map<string, readonly string[]>();

  names(files: readonly string[]): string[] {
    const out = new Set<string>();
    for (const file of files) {
      let names = this.#named.get(file);
      if (names === undefined) {
        try {
          names = namedInModule(readFileSync(file, "utf8"));
        } catch {
          names = []; // Gone or unreadable since the run: nothing to scan.
        }
        this.#named.set(file, names);
      }
      for (const n of names) out.add(n);
    }
    return [...out];
  }
}
