/**
 * knowledge/leaf-programs.ts as a table (issue 37): programs that run nothing
 * but themselves; chmod makes a file a program.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("leaf-programs", [
  { command: "grep curl notes.txt", want: "allow", why: "grep's pattern is data, not a command" },
  { command: "which rm", want: "allow", why: "which names a program and runs none" },
  { command: "grep x .env", want: "deny", why: "grep reads its file operands" },
  { command: "envdir ./e rm x", want: "ask", why: "envdir is unknown: it may run rm" },
  { command: "envdir ./e ls", want: "allow", why: "an unknown program whose words spell no restricted command" },
  { command: "echo 'rm x' > y && chmod +x y && ./y", want: "deny", why: "chmod +x makes the file just written a program" },
  { command: "cp /tmp/t tsconfig.json && tsc", want: "ask", why: "a tsconfig.json's outFile moves what tsc writes (LEAF_CONFIGURATION)" },
  { command: "cp /tmp/t tsconfig.build.json && tsc -p tsconfig.build.json", want: "ask", why: "any tsconfig*.json" },
  { command: "cp /tmp/r pyproject.toml && ruff check .", want: "ask", why: "ruff's cache-dir moves where it writes" },
  { command: "tsc --noEmit", want: "allow", why: "no configuration written first" },
  {
    command: "cp /tmp/p ~/.local/lib/python3.11/site-packages/x.pth && black --version",
    want: "ask",
    why: "Python runs the user site's .pth lines before black (LEAF_START_UP)",
  },
  { command: "cp /tmp/p ~/.local/lib/python3.11/site-packages/usercustomize.py && isort .", want: "ask", why: "and its usercustomize module" },
  { command: "echo 'x = 1' > a.py && black a.py", want: "allow", why: "a source file black formats is data to it" },
  { command: "black .", want: "allow", why: "black opens only Python files under what it walks" },
  {
    command: "printf '#[path = \"../.env\"]\\nmod e;\\n' > src/a.rs && rustfmt src/a.rs",
    want: "ask",
    why: "rustfmt formats the modules a written .rs names (LEAF_INCLUDES)",
  },
  { command: "rustfmt src/a.rs", want: "allow", why: "no Rust written first" },
  { command: "cp /tmp/s a.sh && shellcheck -x a.sh", want: "ask", why: "shellcheck -x opens what a written script sources" },
  { command: "printf 'external-sources=true\\n' > .shellcheckrc && shellcheck a.sh", want: "ask", why: "and so does an rc written first" },
  { command: "shellcheck -x a.sh", want: "allow", why: "nothing written first" },
  { command: "echo x > notes.txt && rustfmt src/a.rs", want: "allow", why: "a file rustfmt does not read" },
  { command: "cp /tmp/g ~/.cache/black/23.1.0/Grammar3.11.2.final.0.pickle && black a.py", want: "ask", why: "black unpickles its cache" },
  { command: "black --include '\\.env$' .", want: "ask", why: "--include widens that to any name (LEAF_WIDENING_OPTIONS)" },
  { command: "black --include='\\.env$' src", want: "ask", why: "and --include=" },
  { command: 'black "$OPTS" .', want: "ask", why: "a word permc cannot read may be --include" },
  { command: "black -- --include", want: "allow", why: "after --, a file's name" },
  { command: "cp /tmp/b pyproject.toml && black .", want: "ask", why: "its include may come from pyproject.toml (LEAF_CONFIGURATION)" },
  { command: "cp /tmp/b ~/.config/black && black .", want: "ask", why: "or from the user's configuration" },
  { command: "cp /tmp/b conf.txt && black --config conf.txt .", want: "ask", why: "or from the file --config names" },
  { command: "cp /tmp/t configs/base.json && tsc", want: "ask", why: "a tsconfig.json already there may extend any JSON file" },
  { command: "cp /tmp/t node_modules/@acme/tsconfig/package.json && tsc", want: "ask", why: "a package's package.json names the tsconfig it extends" },
  { command: "cp /tmp/t notes.txt && tsc", want: "allow", why: "a file tsc does not read as its configuration" },
  { command: "cp /tmp/r configs/lint.toml && ruff check .", want: "ask", why: "ruff's extend names a TOML file of any name" },
  { command: "cp /tmp/r notes.txt && ruff check .", want: "allow", why: "ruff reads no configuration from it" },
  { command: "cp /tmp/t x.json && tsc -p x.json", want: "ask", why: "a configuration of any name that -p names" },
  { command: "cp /tmp/t x.json && tsc --project=x.json", want: "ask", why: "and --project=" },
  { command: "cp /tmp/t y.json && tsc -p x.json", want: "ask", why: "x.json may extend y.json" },
  { command: "cp /tmp/t y.txt && tsc -p x.json", want: "allow", why: "no JSON written" },
]);
