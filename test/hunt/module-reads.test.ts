/**
 * The variables discovery's module scan (hunt/module-reads.ts): which Perl
 * and Python modules a run's opens show, and what a module's text names.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../hunt/fixture.js";
import { ModuleScan, modulesOpened, namedInModule } from "../../hunt/module-reads.js";

const hook = path.join(repoRoot(), "hunt", "python-environ-log.py");

describe("modulesOpened", () => {
  it.each([
    { line: `openat(AT_FDCWD, "${hook}", O_RDONLY|O_CLOEXEC) = 3`, files: [hook], why: "a Python source opened" },
    {
      line: `1234  openat(AT_FDCWD, "${path.dirname(hook)}/__pycache__/python-environ-log.cpython-311.pyc", O_RDONLY|O_CLOEXEC) = 3`,
      files: [hook],
      why: "a compiled module stands for its source beside __pycache__",
    },
    { line: `openat(AT_FDCWD, "${hook}", O_RDONLY) = -1 ENOENT (No such file or directory)`, files: [], why: "an open that failed" },
    { line: 'open("/nonexistent/Foo/Bar.pm", O_RDONLY) = 3', files: [], why: "a module no longer here" },
    { line: `openat(AT_FDCWD, "${repoRoot()}/package.json", O_RDONLY) = 3`, files: [], why: "not a module" },
  ])("$why", ({ line, files }) => {
    expect(modulesOpened(line)).toEqual(files);
  });
});

describe("namedInModule", () => {
  it.each([
    { text: "my $s = $ENV{HARNESS_PERL_SWITCHES} || '';\nif (exists $ENV{'PERL5LIB'}) {}", names: ["HARNESS_PERL_SWITCHES", "PERL5LIB"], why: "perl's %ENV" },
    { text: "our $VERSION = '3.44'; $AUTOLOAD", names: [], why: "a Perl global is no variable read" },
    {
      text: 'os.environ.get("PYTEST_ADDOPTS")\nos.getenv("TMPDIR")\nenviron["HOME"]\nif "CI" in os.environ: pass\nos.environ.setdefault("X_Y", "1")',
      names: ["CI", "HOME", "PYTEST_ADDOPTS", "TMPDIR", "X_Y"],
      why: "python's spellings",
    },
    { text: 'echo "$HOME" ${PATH}', names: [], why: "a shell's spelling is not a module's" },
  ])("$why", ({ text, names }) => {
    expect(namedInModule(text)).toEqual(names);
  });

  it("reads each file once and a missing one as naming nothing", () => {
    const scan = new ModuleScan();
    expect(scan.names([hook, "/nonexistent/x.py"])).toEqual([]);
  });
});
