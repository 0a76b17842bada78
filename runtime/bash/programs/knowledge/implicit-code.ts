/**
 * Files a program may run as code, or read as configuration that names the
 * programs it runs, without their names on its command line: base-name
 * globs for ProgramRecord.runsImplicitly. A file of one of these kinds that
 * the same command writes first makes the run a two-step
 * (split/two-steps.ts): `echo 'rm x' > .git/hooks/pre-commit && git commit`,
 * `printf '…' > conftest.py && pytest`, `echo … >> ~/.bashrc && bash -i x.sh`.
 *
 * Matching is by base name (a redirect's directory is not always known when
 * it is met), so the lists name kinds of files, and a false match only asks.
 * A written file none of them names (`notes.txt`, `build.log`) is data to
 * these programs; a file without an extension made executable and then run
 * by a recipe is the one kind left out (docs/closed-world.md).
 */

/** Start-up files a shell runs before its script or command (`-i`, `-l`, `sh`'s ENV, zsh always). */
export const SHELL_START_UP: readonly string[] = [
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshenv",
  ".zprofile",
  ".zshrc",
  ".zlogin",
  ".zlogout",
  ".kshrc",
  ".mkshrc",
  ".shrc",
  ".inputrc",
  "bash.bashrc",
  "bash_logout",
  "profile",
  "environment",
];

/** vi's and vim's start-up files (here and in the home directory, and nvim's under ~/.config/nvim), and Vim script. */
export const EDITOR_START_UP: readonly string[] = [
  ".vimrc",
  "_vimrc",
  "vimrc",
  ".exrc",
  "_exrc",
  ".gvimrc",
  ".nvimrc",
  "init.vim",
  "init.lua",
  "*.vim",
  // Neovim sources the Lua of its plugin directories (`plugin/**/*.lua`) and what init.lua requires from `lua/`.
  "plugin/*.lua",
  "ftplugin/*.lua",
  "lua/*.lua",
  ".nexrc",
];

/** less's configuration (`#env LESSOPEN=|cmd %s`) and the filter Debian's lesspipe runs. */
export const PAGER_START_UP: readonly string[] = [".lesskey", "lesskey", ".less", ".lessfilter"];

/** Hooks git runs by name from its hooks directory (githooks(5)). */
const GIT_HOOKS: readonly string[] = [
  "applypatch-msg",
  "pre-applypatch",
  "post-applypatch",
  "pre-commit",
  "pre-merge-commit",
  "prepare-commit-msg",
  "commit-msg",
  "post-commit",
  "pre-rebase",
  "post-checkout",
  "post-merge",
  "pre-push",
  "pre-receive",
  "update",
  "proc-receive",
  "post-receive",
  "post-update",
  "reference-transaction",
  "push-to-checkout",
  "pre-auto-gc",
  "post-rewrite",
  "sendemail-validate",
  "fsmonitor-watchman",
  "post-index-change",
  "p4-changelist",
  "p4-prepare-changelist",
  "p4-post-changelist",
  "p4-pre-submit",
];

/**
 * What any git command may run: a configuration file (`core.fsmonitor`,
 * `core.pager`, aliases, `core.hooksPath`, filters, credential helpers),
 * its hooks, and the configuration of the hook managers its hooks run: the
 * pre-commit framework's, lint-staged's (with a pre-commit hook running
 * `npx lint-staged`, `.lintstagedrc` holding `{"*": "touch x"}` written
 * first made `git commit` run it: a real run, lint-staged 15), husky 4's,
 * lefthook's, overcommit's and commitlint's (their documentation).
 * None of them is in the work tree git itself writes on a checkout or pull
 * (split/two-steps.ts keeps those writes apart).
 */
export const GIT_CONFIGURATION_AND_HOOKS: readonly string[] = [
  "config",
  "config.worktree",
  ".gitconfig",
  // The system's configuration (/etc/gitconfig), which a command running as root may write.
  "gitconfig",
  ".pre-commit-config.yaml",
  ".lintstagedrc*",
  "lint-staged.config.*",
  ".huskyrc*",
  "husky.config.*",
  "lefthook.*",
  ".lefthook.*",
  "lefthook-local.*",
  ".lefthook-local.*",
  ".overcommit.yml",
  ".commitlintrc*",
  "commitlint.config.*",
  ...GIT_HOOKS,
];

/**
 * What any Python program runs at start-up from its site-packages (the user's, ~/.local/lib/python3.X/site-packages,
 * among them): the `import` lines of `*.pth` files and the customize modules. A program written in Python (gcloud,
 * Debian's yq) runs them as python itself does (the start-up files discovery saw both look there).
 */
export const PYTHON_START_UP: readonly string[] = ["*.pth", "sitecustomize.py", "usercustomize.py"];

/** Python imports modules from the script's directory or the working directory before the standard library. */
export const PYTHON_CODE: readonly string[] = [
  "*.py",
  "*.pyc",
  "*.pth",
  "*.so",
  "pyproject.toml",
  "setup.cfg",
  "pytest.ini",
  // pytest 8 and 9 read these too: their `addopts` are options (`--basetemp=DIR` emptied DIR, `-p MODULE` imports it).
  ".pytest.ini",
  "pytest.toml",
  ".pytest.toml",
  "tox.ini",
  ".pdbrc",
  // IPython's JSON configuration (`exec_lines` ran `os.system("rm …")` at start-up, by hand) and its startup scripts.
  "ipython_config.json",
  "ipython_kernel_config.json",
  "*.ipy",
  // The variables flask's CLI loads before it imports the app FLASK_APP names (a module is imported, its code runs).
  ".flaskenv",
  "pip.conf",
  "pip.ini",
  "pydistutils.cfg",
  ".pydistutils.cfg",
];

/**
 * Modules node loads from the project (`require('./x')`, `imports` in package.json), the package managers'
 * configuration (bun's `preload`, pnpm's `scriptShell` and `pnpmfile` in pnpm-workspace.yaml) and the lock files
 * that name the packages an install fetches and builds.
 */
export const JAVASCRIPT_CODE: readonly string[] = [
  "*.js",
  "*.mjs",
  "*.cjs",
  "*.jsx",
  "*.ts",
  "*.mts",
  "*.cts",
  "*.tsx",
  "*.node",
  "*.wasm",
  "package.json",
  ".npmrc",
  // npm's global and built-in configuration ($PREFIX/etc/npmrc, npm's own npmrc).
  "npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  "bunfig.toml",
  // bun's global configuration (~/.bunfig.toml, $XDG_CONFIG_HOME/.bunfig.toml): its `preload` scripts run first.
  ".bunfig.toml",
  "pnpm-workspace.yaml",
  "package-lock.json",
  // npm's record of what node_modules holds (the start-up files discovery saw npx read it).
  ".package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lock",
  "bun.lockb",
];

/** Ruby's: sources, rakefiles, gem specifications, a Gemfile or the gem dependencies of `Isolate`, and gem's options (`gemrc` under ~/.config/gem). */
export const RUBY_CODE: readonly string[] = [
  "*.rb",
  "*.rake",
  "*.gemspec",
  "Gemfile",
  "Isolate",
  "Rakefile",
  "rakefile",
  ".rspec",
  ".irbrc",
  ".gemrc",
  "gemrc",
];

/**
 * Bundler's plugin index (~/.bundle/plugin/index names the plugins it loads for their hooks and commands: bundler's
 * plugin documentation, not run here) and composer's settings (`config.json` in its home moved where `composer
 * install` wrote the packages: a real run).
 */
export const BUNDLER_FILES: readonly string[] = ["index"];

/**
 * Package archives a package manager installs from a file, running the
 * package's own code as it does (each a real run): `gem install x.gem` ran
 * its extconf.rb, `pip install ./x.tar.gz` an sdist's setup.py, and `npm
 * install ./x.tgz` its preinstall script. One the same command writes first
 * (`base64 -d > x.tgz`) holds code permc cannot see.
 */
export const GEM_ARCHIVES: readonly string[] = ["*.gem"];
export const PIP_ARCHIVES: readonly string[] = ["*.tar.gz", "*.tgz", "*.tar.bz2", "*.zip"];
export const NPM_ARCHIVES: readonly string[] = ["*.tgz", "*.tar.gz"];
export const COMPOSER_FILES: readonly string[] = ["config.json"];

/**
 * `go run`, `go test` and `go generate` run the package's code; go.mod may name a toolchain go downloads and runs.
 * The rest of the go command's: sources cgo compiles, the module and workspace files (a `toolchain` line), the toolchain's
 * go.env, and the user's `env` file that `go env -w` writes (os.UserConfigDir()/go/env): `GOFLAGS=-toolexec=PROG`
 * there made `go build` and `go vet` run PROG around every tool (a real run).
 */
export const GO_CODE: readonly string[] = ["*.go", "*.c", "*.h", "*.s", "*.S", "*.syso", "go.mod", "go.work", "go.env", "env"];

/** A build script, procedural macros, the manifest, cargo's configuration (`.cargo/config.toml`: runners, rustc wrappers). */
export const RUST_CODE: readonly string[] = [
  "*.rs",
  "Cargo.toml",
  "config.toml",
  "config",
  "rust-toolchain",
  "rust-toolchain.toml",
  // cargo's external subcommands: `cargo x` runs `cargo-x` from ~/.cargo/bin, on PATH or not (the start-up files
  // discovery, with the toolchain's own cargo on `--path`).
  "cargo-*",
];

/**
 * Mercurial's and Sapling's configuration: its hooks and `!` aliases are shell commands and its extensions Python
 * (the repository's `.hg/hgrc`, the user's `~/.hgrc` and `hgrc.d/*.rc`, Sapling's `.sl/config` and `sapling.conf`);
 * by documentation.
 */
export const MERCURIAL_CONFIGURATION: readonly string[] = ["hgrc", ".hgrc", "*.rc", "Mercurial.ini", "mercurial.ini", "config", "sapling.conf"];

/** Jujutsu's configuration (`.jj/repo/config.toml`, `~/.jjconfig.toml`, `conf.d/*.toml`): fix tools, diff and merge tools are programs it runs; by documentation. */
export const JUJUTSU_CONFIGURATION: readonly string[] = ["config.toml", ".jjconfig.toml", "*.toml"];

/**
 * What a program that runs the project's own commands (`make`, npm scripts,
 * `just`) or that permc does not know (`pytest`, `jest`, `eslint`, a
 * project's own tool) may run: source in any language, scripts, build files,
 * and configuration files (which name programs: an npm script, a pytest
 * plugin, a linter's JavaScript configuration).
 */
export const ANY_CODE: readonly string[] = [
  ...SHELL_START_UP,
  ...PAGER_START_UP,
  ...GIT_CONFIGURATION_AND_HOOKS,
  ...PYTHON_CODE,
  ...JAVASCRIPT_CODE,
  ...RUBY_CODE,
  ...GO_CODE,
  ...RUST_CODE,
  "*.sh",
  "*.bash",
  "*.zsh",
  "*.ksh",
  "*.fish",
  "*.ps1",
  "*.bat",
  "*.cmd",
  "*.pl",
  "*.pm",
  "*.t",
  "*.php",
  "*.lua",
  "*.r",
  "*.R",
  "*.jl",
  // Notebooks and literate documents whose code cells a runner executes (`jupyter nbconvert --execute`, papermill,
  // `quarto render`, knitr's R Markdown and Sweave); by documentation.
  "*.ipynb",
  "*.qmd",
  "*.Rmd",
  "*.rmd",
  "*.Rnw",
  // Components a JavaScript build or test run compiles and runs (vite, vitest, jest's transforms, astro): their
  // `<script>` blocks and MDX's exports are code (by documentation).
  "*.vue",
  "*.svelte",
  "*.astro",
  "*.mdx",
  // .NET's scripts (`dotnet fsi x.fsx`, dotnet-script) and bats's test files.
  "*.csx",
  "*.fsx",
  "*.bats",
  "*.ex",
  "*.exs",
  "*.erl",
  "*.hs",
  "*.ml",
  "*.clj",
  "*.java",
  "*.kt",
  "*.kts",
  "*.groovy",
  "*.gradle",
  "*.scala",
  "*.sbt",
  "*.swift",
  "*.cs",
  "*.fs",
  "*.dart",
  "*.zig",
  "*.nim",
  "*.cc",
  "*.cpp",
  "*.cxx",
  "*.hpp",
  "*.awk",
  "*.sed",
  "*.tcl",
  "*.vim",
  "*.el",
  "*.mk",
  "*.cmake",
  "*.bzl",
  "*.nix",
  "*.csproj",
  "*.fsproj",
  "*.vbproj",
  "*.props",
  "*.targets",
  // Configuration that names commands or code to load; data formats in general (`out.json`, `report.yaml`) are not.
  "*.config.json",
  "*.config.yaml",
  "*.config.yml",
  "*.config.toml",
  ".*rc",
  ".*rc.*",
  ".env",
  ".env.*",
  ".envrc",
  "composer.json",
  "deno.json",
  "deno.jsonc",
  "project.json",
  "nx.json",
  "turbo.json",
  "lerna.json",
  "nodemon.json",
  "devbox.json",
  "pixi.toml",
  "hatch.toml",
  "mise.toml",
  ".mise.toml",
  // mise's local and per-environment files (`mise.local.toml`, `.mise.production.toml`) and rtx's, its old name:
  // `[env]` `_.source` and `[hooks]` run scripts.
  "mise.*.toml",
  ".mise.*.toml",
  ".rtx.toml",
  ".tool-versions",
  "Procfile",
  // Ansible's configuration (the current directory's, then the home's) names programs it runs: a vault password
  // script, inventory and connection plugins.
  "ansible.cfg",
  ".ansible.cfg",
  // pipenv's manifest and lock name what it installs, the project itself among them (`path = "."`, built by its setup.py).
  "Pipfile",
  "Pipfile.lock",
  // cabal's local project files (`cabal.project.local`, `cabal.project.freeze`) beside cabal.project.
  "cabal.project.*",
  // A Procfile per environment (`Procfile.dev`, which Rails' `bin/dev` starts with `foreman start -f Procfile.dev`).
  "Procfile.*",
  "Taskfile.yml",
  "Taskfile.yaml",
  "taskfile.yml",
  "compose.yaml",
  "compose.yml",
  "docker-compose.yml",
  "docker-compose.yaml",
  "pom.xml",
  "build.xml",
  "settings.xml",
  "gradle.properties",
  "CMakeLists.txt",
  // A build tree's cache names the compilers cmake runs: `printf 'CMAKE_C_COMPILER:FILEPATH=/usr/bin/rm\n' >
  // CMakeCache.txt && cmake .` ran rm (the hunt's sandbox).
  "CMakeCache.txt",
  "meson.build",
  "BUILD",
  "BUILD.bazel",
  "WORKSPACE",
  "Makefile",
  "makefile",
  "GNUmakefile",
  "justfile",
  "Justfile",
  ".justfile",
  "Taskfile",
  "Vagrantfile",
  "Dockerfile",
  "gradlew",
  "mvnw",
  // The distribution a wrapper script downloads and runs (its `distributionUrl`).
  "gradle-wrapper.properties",
  "maven-wrapper.properties",
  // More build files that run commands or choose the code built (by documentation): SCons's (Python), bazel's modules,
  // dune's rules, Erlang's rebar hooks, Haskell's packages and stack's snapshots, Nix's pinned inputs, Dart's and
  // Clojure's projects (babashka's `bb.edn` tasks), and Nextflow's pipelines. Not make's included dependency files
  // (`*.d`): the name is as often a directory's (`conf.d/`, `.ctags.d/`).
  "SConstruct",
  "SConscript",
  "*.bazel",
  "dune",
  "dune-project",
  "rebar.config",
  "*.cabal",
  "cabal.project",
  "stack.yaml",
  "flake.lock",
  "pubspec.yaml",
  "project.clj",
  "deps.edn",
  "bb.edn",
  "*.nf",
  "nextflow.config",
  // Build files and configuration no list above names (issue 35): ninja's rules, the editor sensible-editor sources,
  // `*.conf` files that name programs (gpg-agent.conf's pinentry-program).
  "*.ninja",
  ".selected_editor",
  "*.conf",
  // Infrastructure and task files that name commands their tools run (a terraform `local-exec` provisioner: `printf
  // … > x.tf && terraform apply -auto-approve` ran rm, the hunt's sandbox; packer, terragrunt and bake HCL; Tilt's and
  // Earthly's files; Ruby DSL files of brew bundle, CocoaPods, fastlane, danger, guard and capistrano; snakemake;
  // lefthook's hooks; pipelines run locally; container builds; autotools input; buck2's Starlark; devcontainer
  // commands run on the host; Pulumi's YAML programs).
  "*.tf",
  "*.tf.json",
  // A provider terraform runs, from a plugin directory (`~/.terraform.d/plugins/…/terraform-provider-NAME_vX`).
  "terraform-provider-*",
  "*.hcl",
  "Tiltfile",
  "Earthfile",
  "Brewfile",
  "Podfile",
  "Fastfile",
  "Dangerfile",
  "Guardfile",
  "Capfile",
  "Snakefile",
  "*.smk",
  "lefthook.yml",
  "lefthook.yaml",
  ".lefthook.yml",
  ".lefthook.yaml",
  "lefthook-local.yml",
  "lefthook-local.yaml",
  "Jenkinsfile",
  ".gitlab-ci.yml",
  "skaffold.yaml",
  "skaffold.yml",
  "Containerfile",
  "Dockerfile.*",
  "*.dockerfile",
  "*.Dockerfile",
  "*.just",
  "configure.ac",
  "configure.in",
  "Makefile.am",
  "Makefile.in",
  "*.m4",
  "BUCK",
  "*.star",
  "devcontainer.json",
  ".devcontainer.json",
  "Pulumi.yaml",
  "Pulumi.yml",
  // Start-up files read from the directory a program runs in that load code or name it: R's profile and environment
  // (`.Rprofile` runs at R's and Rscript's start), Maven's `.mvn/` files (JVM options such as `-javaagent`, command-line
  // options, core extensions), sbt's JVM and launcher options.
  ".Rprofile",
  ".Renviron",
  "jvm.config",
  "maven.config",
  // The mvn launcher sources ~/.mavenrc (an rc file, as named) and the system's /etc/mavenrc.
  "mavenrc",
  "extensions.xml",
  ".jvmopts",
  ".sbtopts",
  // ctest's customisation of a build tree (CTestCustom.cmake is `*.cmake` already): CMake code whose
  // CTEST_CUSTOM_PRE_TEST ctest runs (`… > CTestCustom.ctest && ctest` ran rm beside a CTestTestfile.cmake).
  "CTestCustom.ctest",
  // The old name of CTestTestfile.cmake (its ADD_TEST lines are the commands ctest runs), and the dashboard
  // configuration whose BuildCommand, UpdateCommand, CoverageCommand and MemoryCheckCommand ctest's modes run
  // (DartConfiguration.tcl, its old name, is `*.tcl` already).
  "DartTestfile.txt",
  "CTestConfiguration.ini",
  // Coding agents' settings, which name commands they run (Claude Code's hooks, `apiKeyHelper` and status line, MCP
  // servers in `.mcp.json` and `~/.claude.json`, Gemini CLI's tool discovery command, OpenCode's plugins): a project
  // `.claude/settings.json` whose apiKeyHelper was `rm victim` made `claude -p hi` run it (by hand, offline).
  "settings.json",
  "settings.local.json",
  ".mcp.json",
  ".claude.json",
  "opencode.json",
  "opencode.jsonc",
  // Pi's keys and custom models: a value starting with `!` is a shell command whose output is the value (an auth.json
  // key `!rm …` made `pi -p hi` run it, by hand; core/resolve-config-value.js).
  "auth.json",
  "models.json",
  // Options files ctags and etags read unasked: Universal Ctags every `*.ctags` in ./.ctags.d, ./ctags.d, ~/.ctags.d and
  // ~/.config/ctags, Exuberant Ctags ./.ctags, ~/.ctags and /etc/ctags.conf. `-L.env` there made `ctags a.c` print
  // .env's lines as names of files it could not open (the start-up files discovery; the hunt's sandbox).
  "*.ctags",
  ".ctags",
  "ctags.conf",
];

/**
 * What a repository's installed hooks may run (ProgramRecord.hooksRun): the
 * project's code, and husky 9's dispatcher `.husky/_/h`, which every hook it
 * installs sources (`echo 'rm v' > .husky/_/h && git commit` ran rm: a real
 * run, husky 9.1's files).
 */
export const HOOK_CODE: readonly string[] = [...ANY_CODE, "h"];

/**
 * A kubeconfig's names: its `users[].user.exec.command` credential plugin runs before any Kubernetes client (kubectl,
 * oc, helm: client-go) reaches a server.
 */
export const KUBECONFIG_FILES: readonly string[] = ["config", "kubeconfig", ".kubeconfig", "*.kubeconfig"];

/** The database shells' start-up files, whose meta-commands run shell commands (`\\!` in psql, `.shell` in sqlite3 and duckdb). */
export const PSQL_START_UP: readonly string[] = [".psqlrc", "psqlrc", ".psqlrc-*"];
export const SQLITE_START_UP: readonly string[] = [".sqliterc"];
export const DUCKDB_START_UP: readonly string[] = [".duckdbrc"];
/** mysql's and mariadb's option files: `plugin-dir` and `default-auth` there load a client plugin (a shared library). */
export const MYSQL_OPTION_FILES: readonly string[] = [".my.cnf", "my.cnf", ".mylogin.cnf", "*.cnf"];

/** dpkg's option files, in the home and in /etc/dpkg (`status-logger` and `pre-invoke` there are commands it runs). */
export const DPKG_OPTION_FILES: readonly string[] = [".dpkg.cfg", "dpkg.cfg", "dpkg.cfg.d/*"];

/**
 * apt's configuration, whose `APT::Update::Pre-Invoke` and `DPkg::Pre-Invoke` are shell commands, and what it
 * installs from: the package sources and preferences that choose a package (its maintainer scripts run as root), a
 * package file, and dpkg's options (apt runs dpkg). The files of apt.conf.d and sources.list.d often have no extension.
 */
export const APT_CONFIGURATION: readonly string[] = [
  "apt.conf",
  "apt.conf.d/*",
  "sources.list",
  "sources.list.d/*",
  "preferences",
  "preferences.d/*",
  "*.deb",
  ...DPKG_OPTION_FILES,
];

/**
 * ssh's configuration (~/.ssh/config and what it includes), read by ssh and by what runs ssh (scp, sftp, rsync, borg,
 * rclone's sftp): its ProxyCommand, LocalCommand and KnownHostsCommand are commands ssh runs. The hunt's sandbox
 * cannot show it: ssh reads the home directory of the user's passwd entry, and the sandbox's user has none.
 */
export const SSH_CONFIGURATION: readonly string[] = ["config", "ssh_config"];

/** Subversion's runtime configuration: `[tunnels]` commands for `svn+ssh://` URLs, the editor and diff commands. */
export const SUBVERSION_CONFIGURATION: readonly string[] = ["config", "servers"];

/** rpm's macro files: a `%(…)` macro runs a shell command when rpm expands it, on any query. */
export const RPM_MACROS: readonly string[] = [".rpmmacros", "macros", "macros.*"];

/** dnf's and yum's configuration and repositories (`pluginpath` loads Python plugins; a repository's packages run scripts as root). */
export const YUM_CONFIGURATION: readonly string[] = ["dnf.conf", "yum.conf", "*.repo", "*.py", "*.conf"];
