/** Help texts live apart from the commands so `--help` loads no compiler code. */

export const COMPILE_HELP = `usage: permc compile <input>... -o <out.mjs> [--home DIR] [--platform posix|win32|darwin] [--format human|json]

Compiles policy sources (lowest precedence first) into a matcher module.
  <input>            .json/.jsonc pi-permission-system config (global scope),
                     .perm rule-language file (the scope its \`scope\` line names),
                     .md agent file with a permission: frontmatter (agent scope)
  --global F, --project F, --agent F, --project-agent F
                     name a source's scope explicitly
  -o, --out FILE     where to write the module (atomically; untouched on error)
  --home DIR         what ~ and $HOME in patterns expand to (default: your home)
  --platform P       posix, win32 (case and separators folded) or darwin (case
                     folded) path matching (default: this machine's)
  --format F         diagnostics as human text (default) or a JSON array`;

export const EVAL_HELP = `usage: permc eval --policy <module.mjs> [--cwd DIR] [--home DIR] [--agent NAME] [--yolo]

Reads JSONL requests on stdin and writes one JSON decision per line, in order.
  {"surface":"bash","value":"git status"}            a raw surface check
  {"tool":"bash","input":{"command":"git push"}}      a full tool call
Every line gets exactly one answer (a line ends at \\n only): a blank or
malformed one gets {"action":"deny","error":"…"} and the stream goes on.`;

export const DEMO_HELP = `usage: permc demo [-o FILE]

Compiles the bundled example policy (examples/policy.json, shipped with the
package) and prints the decisions for a handful of sample requests. With -o
the module is kept in FILE (\`npm start\` keeps it in
generated/example-policy.mjs); without, it is compiled to a temporary file
that is removed afterwards.`;

export const LINT_HELP = `usage: permc lint <input>... [--home DIR] [--platform posix|win32|darwin] [--format human|json]

Runs every check and lint without writing a module: config errors, and
warnings computed on the automata (shadowed-rule, overridden-deny,
permissive-bash-fallback, unmatchable-chain-pattern, ...). Inputs and scope
flags are as for \`permc compile\`. Exits 1 when there is an error.`;

export const TEST_HELP = `usage: permc test <input>... [--home DIR] [--platform posix|win32|darwin] [--format human|json]

Compiles the inputs together (as compile does, without writing a module) and
runs every \`test <surface> "<value>" -> <action>\` line of their .perm files.
Each failure is reported at its test line; exit 1 when one fails.`;

export const CONVERT_HELP = `usage: permc convert <input> [--to perm|json] [--scope SCOPE] [--format human|json]

Prints the policy in the other syntax on stdout: a .json/.jsonc/.md source as
.perm rules, or a .perm file as a pi-permission-system JSON config. Both
compile to identical decisions. JSON has no comments, tests or scope line:
converting to JSON drops them (a note on stderr names the scope to use).
  --to perm|json     the syntax to print (default: the one the input is not)
  --scope SCOPE      read the input as global, project, agent or project-agent
                     (default: global for JSON, agent for .md, the .perm file's
                     own scope line); a .perm result names it on its scope line`;

export const IMPORT_HELP = `usage: permc import claude|opencode|codex|gemini <file> [--to perm|json] [--agent NAME] [--accept-lossy] [--format human|json]

Translates another agent's permission policy and prints it on stdout, as
.perm rules (default; comments say how the order was chosen, Codex match /
not_match examples become test lines) or as a pi-permission-system JSON
config (--to json). On stderr: every rule that did not translate exactly, and
why (one JSON object with --format json). An import that would be more
permissive than its source (a deny or ask lost or narrowed, an allow
widened: marked WIDENS) is an error and prints nothing; --accept-lossy
imports it anyway. See docs/import.md.
  claude     settings.json / settings.local.json (permissions.allow/ask/deny)
  opencode   opencode.json(c) permission, or an agent .md frontmatter;
             --agent NAME adds agent.NAME.permission on top of the global rules
  codex      execpolicy .rules files (prefix_rule)
  gemini     a policy-engine .toml file ([[rule]] tables), read as Gemini CLI's
             default approval mode, interactive, on top of its shipped
             defaults; rules for other modes are reported`;

export const FMT_HELP = `usage: permc fmt <file.perm> [--write | --check]

Prints the file in canonical layout (one statement per line, single spaces,
canonical string escapes, comments and line order kept); --write rewrites it
in place; --check writes nothing, and lists the file and exits 1 when it is
not in canonical layout (0 when it is). A file with syntax errors is reported
and left alone.`;

export const WATCH_HELP = `usage: permc watch <input>... -o <out.mjs> [--home DIR] [--platform posix|win32|darwin] [--format human|json]

Compiles, then recompiles on every change of an input (and of files the
inputs include), printing one line per compile. A broken edit prints its
diagnostics and keeps the last good module. Ctrl-C exits 0.`;

export const EXPLAIN_HELP = `usage: permc explain --policy <module.mjs> '<request json>' [--rule PATTERN]... [--cwd DIR] [--home DIR] [--yolo] [--format human|json]

Shows the decision for one request and why: the gate that decided, each bash
unit with its context and any floor (named exactly, e.g. <opaque-bash-wrapper>),
an MCP call's targets in the order they are checked, every rule that matched
in priority order with file:line:col, the winner and the rules it beat, and
the closest rules that did not match with where the value stops fitting them.
  --rule PATTERN     explain this rule instead of the closest misses: whether it
                     matched each check, lost to a later rule, or where it
                     stops matching (repeatable)`;

export const DIFF_HELP = `usage: permc diff <old> <new> [--fail-on-widen] [--home DIR] [--platform posix|win32|darwin] [--format human|json]

Lists every way a decision changes between two policies (allow→ask, ask→deny,
…), per surface, each with a shortest example value and the rules responsible
on each side. Computed on the product of the two policies' automata, so
nothing is sampled. --fail-on-widen exits 1 when anything becomes more
permissive (for CI).`;

export const GRAPH_HELP = `usage: permc graph <input>... (--surface NAME | --lints) [--format dot|svg] [-o FILE] [--home DIR] [--platform posix|win32|darwin]

Draws the policy as the compiler sees it. Inputs and scope flags are as for
\`permc compile\`.
  --surface NAME     the automaton NAME is checked with (bash, read, write, mcp, …):
                     one cluster per matcher part, edges labelled with the
                     characters they take, each accepting state with the rule
                     that wins there and its file:line
  --lints            which rule shadows or overrides which (the exact relation
                     the shadowed-rule and overridden-deny lints compute)
  --format F         dot (default) or svg (Graphviz compiled to WebAssembly)
  -o, --out FILE     write there instead of stdout`;

export const HOOK_HELP = `usage: permc hook claude --policy <module.mjs> [--home DIR] [--log FILE] [--sandbox]
       permc hook codex|gemini --policy <module.mjs> [--home DIR] [--log FILE] [--ask-blocks]

Claude Code's PreToolUse hook: reads the hook's JSON on stdin and prints
{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":…}}
(allow, ask or deny, with a reason). A call that cannot be decided (bad
input, a missing, stale or tampered module, any error) is blocked with exit
2 and the reason on stderr. See docs/claude-code.md.
codex: Codex's PreToolUse hook (deny, or nothing for allow; an ask is a
deny, as Codex hooks cannot ask). gemini: Gemini CLI's BeforeTool hook
({"decision":…,"reason":…}). See docs/codex.md, docs/gemini.md.
  --policy FILE      the compiled module (permc compile … -o FILE)
  --home DIR         the home the module must be compiled for (default: yours)
  --log FILE         append one JSON line per call
  --sandbox          hand back each allowed or asked shell command wrapped in
                     \`permc run\` (updatedInput): the kernel enforces the
                     policy's path rules for it (docs/sandbox.md)
  --ask-blocks       gemini: answer an ask with a deny (its reason kept), for
                     sessions nobody answers (\`gemini -p\`, where a hook's ask
                     waits without end)`;

export const INIT_HELP = `usage: permc init claude|opencode|pi|codex|gemini [--dir DIR] [--home DIR] [--force] [--accept-lossy] [--sandbox] [--headless]

Imports the agent's rules into <agent dir>/permc/policy.perm, compiles it to
policy.mjs beside it, and writes what makes the agent load it, printing each
file it writes:
  claude     .claude/settings.json (+ settings.local.json) → .claude/permc/;
             a hooks.PreToolUse entry running \`permc hook claude\`, merged
             into .claude/settings.json (every other key kept)
  opencode   opencode.json(c) → .opencode/permc/; .opencode/plugins/permc.js
  pi         .pi/extensions/pi-permission-system/config.json → .pi/permc/
             (compiled over ~/.pi/agent/…/config.json when there is one, as
             Pi merges them); .pi/extensions/permc.ts
  codex      .codex/rules/*.rules → .codex/permc/; a PreToolUse entry running
             \`permc hook codex\`, merged into .codex/hooks.json
  gemini     Gemini CLI's policy .toml files (the system folder,
             ~/.gemini/policies, .gemini/policies) → .gemini/permc/; a
             BeforeTool entry running \`permc hook gemini\`, merged into
             .gemini/settings.json
  --dir DIR          the project (default: the current directory)
  --home DIR         the home the module is compiled for (default: yours)
  --force            replace an existing policy.perm
  --accept-lossy     import rules that would be weakened (see permc import)
  --sandbox          run each allowed shell command under the kernel layer
                     (permc run: the policy's path rules enforced by the
                     kernel; Linux with bubblewrap; docs/sandbox.md)
  --headless         gemini: the hook answers an ask with a deny (\`gemini -p\`
                     has nobody to ask; --ask-blocks)
See docs/claude-code.md, docs/opencode.md, docs/codex.md and docs/gemini.md.`;

export const SANDBOX_HELP = `usage: permc sandbox --policy <module.mjs> [--home DIR] [--cwd DIR] [--grant PATH]... [--grant-read PATH]... [--json]

Prints the kernel profile the module's path rules compile to (bubblewrap
mounts, in order) and, for every path rule, whether the kernel enforces it
exactly, over-approximates it (denies more), enforces it for the files that
exist when a command starts, or cannot enforce it and why. deny and ask are
both enforced (the kernel cannot prompt). Writes are confined to the working
tree, the temp dir, build caches and directories a path_write rule allows.
See docs/sandbox.md.
  --home DIR     the home the module was compiled for (default: yours)
  --cwd DIR      the working tree (default: the current directory)
  --grant PATH        a path approved for one command: what ask rules hide or
                     keep read-only there is lifted, and it is writable (a deny
                     rule's mounts and the protected defaults stay)
  --grant-read PATH   the same for reading: ask rules' hiding is lifted
  --json              the profile as JSON, with bubblewrap's options`;

export const RUN_HELP = `usage: permc run --policy <module.mjs> [--home DIR] [--cwd DIR] [--grant PATH]... [--grant-read PATH]... [--unsandboxed-if-unavailable] -- CMD ARGS...

Runs one command under the kernel profile (\`permc sandbox\` shows it) with
bubblewrap. The exit status is the command's (128+n when signal n ended it).
Exit 126: the command was not run, because the module could not be loaded or
the sandbox cannot start (bubblewrap missing: \`apt-get install bubblewrap\`;
unprivileged user namespaces off; not Linux). PERMC_BWRAP names the
bubblewrap executable (default: bwrap on PATH).
  --grant PATH                   a path the person approved writing, for this command only
  --grant-read PATH              a path the person approved reading, for this command only
  --unsandboxed-if-unavailable   run without the kernel layer when it cannot start
                                 (with a warning) instead of refusing`;

export const TRUST_HELP = `usage: permc trust [DIR] [--agent-dir DIR] [--home DIR] [--revoke]

Trusts the project's Pi policy module (DIR/.pi/permc/policy.mjs, DIR the
current directory by default) as it is now, for a Pi that cannot say whether
it trusts the project (Pi 0.73.1): its sha256 goes into
<agent dir>/permc/trusted.json, and permc's Pi extension applies the module
until its bytes change. Pi's own "not trusted" still wins. Review the module
(or its policy.perm) first: it decides what the agent may do.
  --agent-dir DIR    Pi's agent directory (default: PI_CODING_AGENT_DIR, else ~/.pi/agent)
  --home DIR         the home the module must be compiled for (default: yours)
  --revoke           remove the trust`;
