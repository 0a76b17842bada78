/**
 * knowledge/implicit-code.ts as a table (issue 37): files programs run as code
 * without naming them: one the same command writes first makes a two-step.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("implicit-code", [
  { command: "echo 'rm x' > .git/hooks/pre-commit && git commit -m x", want: "deny", why: "git commit runs the pre-commit hook just written" },
  { command: "echo 'rm x' > Makefile && make", want: "deny", why: "make runs the Makefile just written" },
  { command: "printf x > conftest.py && pytest", want: "ask", why: "pytest runs the conftest.py just written" },
  { command: "echo 'rm x' >> {HOME}/.bashrc && bash -i x.sh", want: "deny", why: "an interactive bash runs ~/.bashrc" },
  { command: "echo hi > notes2.txt && git commit -m x", want: "allow", why: "notes2.txt is data to git" },
  { command: "echo hi > notes2.txt && make", want: "allow", why: "notes2.txt is data to make" },
  {
    command: `printf 'resource "terraform_data" "x" {\n provisioner "local-exec" { command = "rm victim" }\n}\n' > x.tf && terraform apply -auto-approve`,
    want: "ask",
    why: "terraform, a program permc does not know, may run the x.tf just written (a local-exec provisioner ran rm)",
  },
  { command: "echo x > Tiltfile && tilt up", want: "ask", why: "a Tiltfile is Starlark tilt runs" },
  { command: "echo x > Brewfile && brew bundle", want: "ask", why: "a Brewfile is Ruby" },
  { command: "echo x > lefthook.yml && lefthook run pre-commit", want: "ask", why: "lefthook's hooks are commands" },
  { command: "echo x > Containerfile && buildah bud .", want: "ask", why: "a Dockerfile by another name, to a builder permc does not know" },
  { command: "echo hi > notes2.txt && terraform plan", want: "allow", why: "notes2.txt is data to terraform too" },
  { command: "echo '{}' > x.ipynb && jupyter nbconvert --execute x.ipynb", want: "ask", why: "a notebook's code cells run (by documentation)" },
  { command: "echo x > r.qmd && quarto render r.qmd", want: "ask", why: "so do a Quarto document's (by documentation)" },

  {
    command: "echo x > tf.plan && terraform apply tf.plan",
    want: "ask",
    why: "a program permc does not know may run a file it is given: a saved plan's provisioners",
  },
  { command: "echo x > a.txt && mytool b.txt", want: "allow", why: "…not one the command did not write" },
  { command: "echo x > c.yml && mytool --config=c.yml", want: "ask", why: "…or one a long option's attached value names" },
  { command: "echo x > c.yml && mytool --config=d.yml", want: "allow", why: "…of another name" },
  { command: "echo x > data.txt && sort data.txt", want: "allow", why: "a leaf program reads its operands as data" },
  { command: "echo x > src/App.vue && npm test", want: "ask", why: "a Vue component's script runs where the tests import it (by documentation)" },
  {
    command: "echo x > gradle/wrapper/gradle-wrapper.properties && ./gradlew build",
    want: "ask",
    why: "the wrapper runs the distribution its properties name (by documentation)",
  },
  { command: "echo x > stack.yaml && stack build", want: "ask", why: "stack's project file chooses the packages it builds (by documentation)" },
  {
    command: "cd repo && echo x > {HOME}/.bunfig.toml && bun x.ts",
    want: "ask",
    why: "bun's global configuration: its preload scripts run first (by documentation)",
  },
  {
    command: "printf x > mise.local.toml && make",
    want: "ask",
    why: "mise's local configuration: `[env]` sources scripts where its shims run a recipe's tools (by documentation)",
  },
  { command: "echo 'scriptShell: ./s.sh' > pnpm-workspace.yaml && pnpm run build", want: "ask", why: "pnpm's settings name the shell its scripts run in" },
  { command: "cp ../other/package-lock.json package-lock.json && npm ci", want: "ask", why: "a lock file names the packages npm ci fetches and builds" },
  { command: "cp ../other/Makefile . && make", want: "ask", why: "a file copied into a directory lands as its own name: make runs the copy" },
  { command: "rsync -a ../other/ . && make", want: "ask", why: "a tree's contents land as any names" },
  { command: "cp notes.txt backup/ && make", want: "allow", why: "notes.txt lands as notes.txt, data to make" },
  { command: "ln ../other/Makefile && make", want: "ask", why: "ln's lone operand links its name into the working directory" },
  { command: "scp host:Makefile . && make", want: "ask", why: "a remote source lands as the base name of its path" },
  { command: "kubectl cp ns/pod:/x.sh x.sh && bash x.sh", want: "ask", why: "a file copied out of a pod" },
  { command: "gh release download -p '*.sh' && bash x.sh", want: "ask", why: "a release's assets land as the release names them" },
  { command: "gh repo clone o/r && make -C r", want: "ask", why: "gh repo clone is a git clone: a new work tree" },
  { command: "echo 'system(\"rm x\")' > .Rprofile && Rscript x.R", want: "ask", why: "R runs the .Rprofile of the directory it starts in" },
  { command: "cp /tmp/o.ctags .ctags.d/ && ctags a.c", want: "ask", why: "Universal Ctags reads the options of each *.ctags file in .ctags.d" },
  { command: "cp /tmp/o .ctags && ctags a.c", want: "ask", why: "Exuberant Ctags reads ./.ctags's options" },
  { command: "cp /tmp/o.txt .ctags.d/ && ctags a.c", want: "allow", why: "a file of another name there is no options file" },
  { command: "cp /tmp/c CTestCustom.ctest && ctest", want: "ask", why: "ctest runs the CTEST_CUSTOM_PRE_TEST a build tree's CTestCustom.ctest names" },
  { command: "cp /tmp/d DartTestfile.txt && ctest", want: "ask", why: "DartTestfile.txt is CTestTestfile.cmake's old name: its tests are commands ctest runs" },
  {
    command: "cp /tmp/i CTestConfiguration.ini && ctest -T memcheck",
    want: "ask",
    why: "its MemoryCheckCommand (and build, update, coverage commands) are what ctest's modes run",
  },
  { command: "cp /tmp/t Testing/Temporary/CTestCostData.txt && ctest", want: "allow", why: "each test's past run time: data ctest orders tests by" },
  { command: "cp /tmp/p .pytest.ini && pytest", want: "ask", why: "pytest 8 and 9 read .pytest.ini, pytest.toml and .pytest.toml as pytest.ini (addopts)" },
  { command: "cp /tmp/p pytest.toml && pytest", want: "ask", why: "the same under its TOML name" },
  {
    command: "cp /tmp/j ~/.ipython/profile_default/ipython_config.json && ipython",
    want: "ask",
    why: "IPython's JSON configuration: exec_lines run at start-up",
  },
  { command: "cp /tmp/s ~/.ipython/profile_default/startup/a.ipy && ipython", want: "ask", why: "IPython runs the startup directory's *.ipy files" },
  { command: "cp /tmp/e .flaskenv && flask routes", want: "ask", why: "flask loads .flaskenv's variables, then imports the module FLASK_APP names" },
  { command: "cp /tmp/c ~/.cargo/bin/cargo-x && cargo x", want: "ask", why: "cargo runs cargo-NAME from ~/.cargo/bin for `cargo NAME`" },
  { command: "cp /tmp/c clippy.toml && cargo clippy", want: "allow", why: "clippy's lint settings run nothing" },
  {
    command: 'echo \'{"*": "rm x"}\' > .lintstagedrc && git commit -m x',
    want: "ask",
    why: "a pre-commit hook that runs lint-staged runs the commands .lintstagedrc names (a real run)",
  },
  { command: "echo x > lefthook.yml && git commit -m x", want: "ask", why: "lefthook's configuration names the commands its hooks run" },
  { command: "echo x > notes.txt && git commit -am x", want: "allow", why: "a file no hook reads" },
  {
    command: "mkdir -p {HOME}/.config/go && echo GOFLAGS=-toolexec=/tmp/x > {HOME}/.config/go/env && go build .",
    want: "ask",
    why: "go reads GOFLAGS from the env file `go env -w` writes: -toolexec runs a program around every tool (a real run)",
  },
  // A coding agent's program asks whatever it is given (coding-agents.ts); these files floor a program permc does not
  // know, which may be one of them under another name (`npx @anthropic-ai/claude-code`, a wrapper script).
  {
    command: "cp /tmp/s .claude/settings.json && mytool -p hi",
    want: "ask",
    why: "Claude Code runs the commands its settings name (hooks, apiKeyHelper), under any name",
  },
  { command: "cp /tmp/m .mcp.json && mytool -p hi", want: "ask", why: "the MCP servers a project names are commands Claude Code starts" },
  { command: "cp /tmp/s ~/.gemini/settings.json && mytool -p hi", want: "ask", why: "Gemini CLI's tool discovery command, MCP servers and hooks" },
  { command: "cp /tmp/o opencode.json && mytool run hi", want: "ask", why: "OpenCode's MCP servers, formatters and plugins" },
  { command: "cp /tmp/a ~/.pi/agent/auth.json && mytool -p hi", want: "ask", why: "Pi runs a key's `!command` to get the key" },
  { command: "cp /tmp/m ~/.pi/agent/models.json && mytool -p hi", want: "ask", why: "and a custom model's `!command` values" },
  {
    command: "cp /tmp/n notes.md CLAUDE.md && mytool -p hi",
    want: "allow",
    why: "instructions for the model, no command (the agent's own permissions judge what it then runs)",
  },
  { command: "cp /tmp/a ~/.aws/cli/alias && aws s3 ls", want: "ask", why: "an aws alias starting with ! is a shell command, even under a command's own name" },
  {
    command: "cp /tmp/p ~/.local/lib/python3.11/site-packages/x.pth && aws s3 ls",
    want: "ask",
    why: "aws-cli 1 is Python: the user site's *.pth lines run at its start",
  },
  { command: "echo '-javaagent:a.jar' > .mvn/jvm.config && mvn -v", want: "ask", why: "the mvn launcher passes .mvn/jvm.config to the JVM" },
  { command: "echo x > .envrc && direnv allow && direnv exec . true", want: "ask", why: "direnv exec loads the .envrc the command allowed" },
  {
    command: "printf '#!/bin/sh\\nx\\n' > {HOME}/.docker/cli-plugins/docker-x && chmod +x {HOME}/.docker/cli-plugins/docker-x && docker x",
    want: "ask",
    why: "docker runs its plugins",
  },
  { command: "echo '{}' > {HOME}/.docker/config.json && docker y", want: "ask", why: "docker's config.json names more plugin directories" },
  { command: "echo '--log-file=x.log' > .valgrindrc && valgrind true", want: "ask", why: "valgrind reads options from ./.valgrindrc" },
  { command: "echo ':!rm x' > {HOME}/.exrc && vi notes.txt", want: "ask", why: "vi runs ~/.exrc at start (ex commands, which shell reading does not see)" },
  { command: "echo 'set nu' > {HOME}/.vimrc && vim notes.txt", want: "ask", why: "vim runs ~/.vimrc at start" },
  { command: "printf x > ~/.config/nvim/plugin/x.lua && nvim f.txt", want: "ask", why: "Neovim sources its plugin directories' Lua" },
  { command: "echo 'x = 1' > notes.lua && vim notes.txt", want: "allow", why: "a Lua file here is no start-up file of vim's (nvim's is init.lua)" },
  { command: "echo 'rm x' > {HOME}/.profile && linux32", want: "deny", why: "with no command, linux32 starts a login shell, which runs ~/.profile" },
  { command: "linux32 uname -m", want: "allow", why: "with a command, it runs that command" },
  { command: "echo 'import os' > .pdbrc && pdb3 notes.py", want: "ask", why: "pdb runs the .pdbrc of the directory it starts in" },
  { command: "echo 'import os' > s.py && pdb3 s.py", want: "ask", why: "pdb runs its script" },
  {
    command: "printf 'CMAKE_C_COMPILER:FILEPATH=/usr/bin/true\\n' > CMakeCache.txt && cmake .",
    want: "ask",
    why: "a build tree's cache names the compilers cmake runs",
  },
]);

/**
 * The cloud clients read every file under the directory they run in (uploaders walk it: knowledge/recursive.ts), which
 * the red-team fixture's denied files make ask under path rules, and the table's policy denies curl: these rows are
 * judged by program rules alone.
 */
knowledgeTable(
  "implicit-code (downloads and curl, program rules only)",
  [
    { command: "aws s3 cp s3://b/x.sh . && bash x.sh", want: "ask", why: "a download lands objects under names permc does not read" },
    { command: "aws --profile p s3 sync s3://b . && make", want: "ask", why: "a sync lands a bucket's contents" },
    { command: "gcloud storage cp gs://b/x.sh . && bash x.sh", want: "ask", why: "gcloud storage downloads as aws s3 does" },
    { command: "aws s3 cp x.csv s3://b/ && make", want: "allow", why: "an upload lands nothing here" },
    { command: "aws s3 ls s3://b && make", want: "allow", why: "a listing lands nothing" },
    { command: "echo 'users: []' > ~/.kube/config && kubectl get pods", want: "ask", why: "a kubeconfig's exec plugin runs before kubectl reaches a server" },
    {
      command: "printf '[default]\\ncredential_process = x\\n' > ~/.aws/config && aws s3 ls",
      want: "ask",
      why: "aws runs its configuration's credential_process",
    },
    { command: "echo 'photo-viewer x' > ~/.gnupg/gpg.conf && gpg --list-keys", want: "ask", why: "gpg's configuration names programs it runs" },
    { command: "kubectl get pods", want: "allow", why: "nothing written first" },
    {
      command: "printf 'Host x\\n ProxyCommand true\\n' > ~/.ssh/config && scp x:a .",
      want: "ask",
      why: "scp runs ssh, which runs the ProxyCommand of ssh's configuration",
    },
    { command: "printf 'Host x\\n ProxyCommand true\\n' > ~/.ssh/config && rsync x:a .", want: "ask", why: "so does rsync over ssh" },
    { command: "echo 'output = x.log' > ~/.curlrc && curl -s https://e.x/", want: "ask", why: "curl reads options from ~/.curlrc" },
    { command: "printf 'x\\n' > /etc/mavenrc && mvn -v", want: "ask", why: "the mvn launcher sources /etc/mavenrc (and ~/.mavenrc)" },
    { command: "mvn -v", want: "allow", why: "nothing written first" },
  ],
  { "*": "allow", bash: { "*": "allow", "rm *": "deny" } },
);
