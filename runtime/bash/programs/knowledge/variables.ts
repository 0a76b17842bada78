/**
 * Environment variables and configuration keys whose value changes what a
 * command runs.
 */

/**
 * bash's own variables whose assignment evaluates the value as arithmetic,
 * as the integer attribute does: text assigned to one may run the command
 * substitutions in its subscripts (`x='a[$(rm y)]'; RANDOM=$x` ran rm in
 * bash 5.2; `SECONDS`, `LINENO` and the other counters did not).
 */
export const ARITHMETIC_VARIABLES: ReadonlySet<string> = new Set(["RANDOM", "SRANDOM", "HISTCMD", "OPTIND"]);

/**
 * Variables bash itself keeps as numbers, whatever the environment says: in arithmetic each is a number, never a name
 * that leads to another variable's text (as OSTYPE's `linux-gnu` does).
 */
export const NUMBER_VARIABLES: ReadonlySet<string> = new Set([
  ...ARITHMETIC_VARIABLES,
  "SECONDS",
  "LINENO",
  "BASHPID",
  "PPID",
  "UID",
  "EUID",
  "BASH_SUBSHELL",
  "EPOCHSECONDS",
]);

/** Variables whose value is itself a shell command line: a prefix assignment is parsed and judged (and floors, as every hijack variable does). */
export const COMMAND_VARIABLES: ReadonlySet<string> = new Set([
  "PAGER",
  "GIT_PAGER",
  // pip reads every option from PIP_<OPTION>: `PIP_EDITOR=P pip config edit` ran P (a real run); pipx runs the
  // Python its virtualenvs are made with.
  "PIP_EDITOR",
  "PIPX_DEFAULT_PYTHON",
  "MANPAGER",
  "SYSTEMD_PAGER",
  "EDITOR",
  "VISUAL",
  "GIT_EDITOR",
  "SUDO_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "FCEDIT",
  "GIT_SSH_COMMAND",
  "GIT_EXTERNAL_DIFF",
  "GIT_PROXY_COMMAND",
  "LESSOPEN",
  "LESSCLOSE",
  "PROMPT_COMMAND",
  "BROWSER",
  "SYSTEMD_EDITOR",
  "AWS_PAGER",
  "PSQL_PAGER",
  "CRASHPAGER",
  "BUNDLER_EDITOR",
  "GEM_EDITOR",
  "RSYNC_RSH",
  "RSYNC_CONNECT_PROG",
  "BORG_RSH",
  "AUTOM4TE",
  "BAT_PAGER",
  "GH_PAGER",
  "GH_EDITOR",
  "GH_BROWSER",
  "DELTA_PAGER",
  "KUBE_EDITOR",
  "SVN_EDITOR",
  "HGEDITOR",
  // Version-control clients' editors, remote shells and diff programs; fzf's and skim's listing command,
  // less's editor command, kubectl's diff program, rclone's password command.
  "CVSEDITOR",
  "CVS_RSH",
  "SVN_SSH",
  "P4EDITOR",
  "P4DIFF",
  "P4MERGE",
  "DIFFPROG",
  "TEXEDIT",
  "LESSEDIT",
  "KUBECTL_EXTERNAL_DIFF",
  "FZF_DEFAULT_COMMAND",
  "SKIM_DEFAULT_COMMAND",
  "RCLONE_PASSWORD_COMMAND",
  // perf's pager (`sh -c`), before PAGER.
  "PERF_PAGER",
  // The grep and diff that Debian's gzip, bzip2 and xz scripts run (`eval "$grep…"`: zgrep, zdiff, zcmp, bzgrep, xzdiff):
  // `GREP=rm zgrep x notes.txt` ran rm (the env fuzz).
  "GREP",
  "EGREP",
  "FGREP",
  "CMP",
  "DIFF",
  // The Python gcloud's, gsutil's and bq's launcher scripts exec: `CLOUDSDK_PYTHON=rm gcloud` ran rm (the env fuzz).
  "CLOUDSDK_PYTHON",
  "CLOUDSDK_GSUTIL_PYTHON",
  "CLOUDSDK_BQ_PYTHON",
  // gcloud properties that name a program it runs (properties.py, read from the SDK's source): the Python of
  // `gcloud ai-platform local train`, the minikube and skaffold of `gcloud code dev`.
  "CLOUDSDK_ML_ENGINE_LOCAL_PYTHON",
  "CLOUDSDK_CODE_MINIKUBE_PATH_OVERRIDE",
  "CLOUDSDK_CODE_SKAFFOLD_PATH_OVERRIDE",
  // The gccgo go build runs (`go build -compiler=gccgo`): `GCCGO=rm go build -compiler=gccgo x` ran rm (the Go discovery).
  "GCCGO",
  // The pkg-config a build runs for a package's `#cgo pkg-config:` line (go; meson, CMake and autoconf's macros
  // too): `PKG_CONFIG=./x go build` ran ./x (a real run).
  "PKG_CONFIG",
  // nvcc's host compiler: `NVCC_CCBIN=rm nvcc -c k.cu` ran rm (the discovery's command probe, then the hunt's sandbox).
  "NVCC_CCBIN",
  // The perl Test::Harness runs each test with (prove, and `make test` of a Perl module): `HARNESS_PERL=/usr/bin/rm
  // prove t/x.t` ran rm (the hunt's sandbox). Perl reads %ENV itself, so the getenv discovery never sees it: read from
  // the harness's modules.
  "HARNESS_PERL",
]);

/** A prefix assignment or export of these lets a plain-looking command run other code, or open files no word names: floored. */
export const HIJACK_VARIABLES: ReadonlySet<string> = new Set([
  "PATH",
  // The suffix and kind of the backups cp, mv, install and ln make with `-b` (`SIMPLE_BACKUP_SUFFIX=rc cp -b x
  // ~/.bash` wrote ~/.bashrc: a review with real runs): the backup's name is one permc does not check.
  "SIMPLE_BACKUP_SUFFIX",
  "VERSION_CONTROL",
  // bash's own command table and aliases (`BASH_CMDS[ls]=/usr/bin/rm; ls x` runs rm), the PATH entries it
  // skips, and the modes that change how it reads and runs commands.
  "BASH_CMDS",
  "BASH_ALIASES",
  "EXECIGNORE",
  "BASH_COMPAT",
  "POSIXLY_CORRECT",
  // grep before 3.6 reads options from it: `GREP_OPTIONS=-r grep key .` walks the tree.
  "GREP_OPTIONS",
  // Where programs read their configuration: git's aliases, fsmonitor and hooks, npm's script-shell, ssh's ProxyCommand.
  "HOME",
  "XDG_CONFIG_HOME",
  "GIT_DIR",
  "GIT_COMMON_DIR",
  // Where git reads its work tree and index: `git diff` then prints other files than the ones permc checks.
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "CARGO_HOME",
  // glibc loads conversion modules (code) from here; .NET runs these assemblies first.
  "GCONV_PATH",
  "DOTNET_STARTUP_HOOKS",
  // The programs and flags cargo runs (`RUSTFLAGS='-C linker=x'`).
  "RUSTC",
  "RUSTDOC",
  "RUSTC_WORKSPACE_WRAPPER",
  "RUSTFLAGS",
  "RUSTDOCFLAGS",
  "CARGO_ENCODED_RUSTFLAGS",
  "CARGO_BUILD_RUSTC",
  "CARGO_BUILD_RUSTDOC",
  // make runs $(MAKE) for sub-makes and reads MAKEFILES first.
  "MAKE",
  "MAKEFILES",
  // Where pip installs: a directory written under. pip reads every option from PIP_<OPTION>, so also where it
  // downloads and builds (`PIP_DEST=d pip download x` made d: a real run) and its cache.
  "PIP_TARGET",
  "PIP_PREFIX",
  "PIP_ROOT",
  "PIP_SRC",
  "PIP_DEST",
  "PIP_WHEEL_DIR",
  "PIP_CACHE_DIR",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "LD_AUDIT",
  "LD_DEBUG_OUTPUT",
  "DYLD_INSERT_LIBRARIES",
  "DYLD_LIBRARY_PATH",
  "DYLD_FRAMEWORK_PATH",
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  // Prompt strings: an interactive shell expands `$(…)` in them (promptvars) before each read or run.
  "PS0",
  "PS1",
  "PS2",
  "PS3",
  "PS4",
  "IFS",
  "CDPATH",
  "GLOBIGNORE",
  "BASH_LOADABLES_PATH",
  "BASH_XTRACEFD",
  "NODE_OPTIONS",
  "NODE_PATH",
  // node's REPL loads this module in place of its own: `NODE_REPL_EXTERNAL_MODULE=./n node -i` ran n's code (a review,
  // real bash).
  "NODE_REPL_EXTERNAL_MODULE",
  "PYTHONSTARTUP",
  "PYTHONPATH",
  "PYTHONHOME",
  "PYTHONINSPECT",
  "PERL5OPT",
  "PERL5LIB",
  "PERLLIB",
  // Test::Harness's switches for the perl it runs each test with (`-e CODE`, `-MModule`), the harness class it loads,
  // and its options (a formatter class, an archive it writes): `HARNESS_PERL_SWITCHES='-esystem(q(rm),q(victim))' prove
  // t/x.t` ran rm (the hunt's sandbox).
  "HARNESS_PERL_SWITCHES",
  "HARNESS_SUBCLASS",
  "HARNESS_OPTIONS",
  // Puts `.` back on perl's @INC, as PERL5LIB=. would: modules load from the directory a script runs in (prove, the
  // variables discovery).
  "PERL_USE_UNSAFE_INC",
  "PERL5DB",
  "RUBYOPT",
  "RUBYLIB",
  "LUA_INIT",
  "LUA_PATH",
  "LUA_CPATH",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  "CLASSPATH",
  "GIT_SSH",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "LESSKEY",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
  "GIT_CONFIG",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_EXEC_PATH",
  "GIT_TEMPLATE_DIR",
  "GIT_ALLOW_PROTOCOL",
  "MAKEFLAGS",
  "MFLAGS",
  "GNUMAKEFLAGS",
  "TERMINAL",
  "SHELL",
  "HISTFILE",
  "RUSTC_WRAPPER",
  "CARGO_BUILD_RUSTC_WRAPPER",
  "CC",
  "CXX",
  // Programs and options named by variables of the GTFOBins catalogue's programs (gtfobins-*.ts).
  "MYSQL_PS1",
  "TAR_OPTIONS",
  // Compressors' options (xz, and tar -J through it; gzip, pigz, bzip2; zipinfo): `XZ_OPT='-S .env' xz notes.txt`
  // writes notes.txt.env (real xz 5.4), `BZIP2=-d` turns a compression into an extraction.
  "XZ_OPT",
  "XZ_DEFAULTS",
  "GZIP",
  "PIGZ",
  "BZIP",
  "BZIP2",
  "ZIPINFO",
  "ZIPINFOOPT",
  "ZIPOPT",
  // zip reads ZIP as it reads ZIPOPT: `ZIP='-T -TT rm' zip a.zip notes.txt` ran rm (the env fuzz).
  "ZIP",
  // Exuberant Ctags reads options from CTAGS (and etags from ETAGS), as from its options files (`-L FILE` prints FILE's
  // lines); Universal Ctags ignores both.
  "CTAGS",
  "ETAGS",
  // Directories a program loads code from: valgrind execs its tool from VALGRIND_LIB (strace:
  // VALGRIND_LIB/memcheck-amd64-linux), Tcl sources TCL_LIBRARY/init.tcl at start-up (`TCL_LIBRARY=tl tclsh` ran
  // tl/init.tcl), Tk likewise; RubyGems loads its gems' plugins from GEM_HOME and GEM_PATH; GTK's modules; Cyrus
  // SASL's plugins; Kerberos's configuration names plugin modules; mysql's my.cnf under MYSQL_HOME sets a pager it runs.
  "VALGRIND_LIB",
  "TCL_LIBRARY",
  "TK_LIBRARY",
  "GEM_HOME",
  "GEM_PATH",
  "GTK_PATH",
  "GTK_MODULES",
  "GTK3_MODULES",
  "SASL_PATH",
  "KRB5_CONFIG",
  "MYSQL_HOME",
  // Found by the discovery's probes (hunt/env-uses.ts: the program looks under the directory, or reads options):
  // gcc finds collect2, lto-wrapper, its plugin and its specs under GCC_ROOT, BINUTILS_ROOT and LPATH, and
  // GCC_COMPARE_DEBUG is options for a second compilation; the java launcher loads libjvm.so from JDK_ALTERNATE_VM;
  // groff runs the postprocessor its fonts' DESC names (GROFF_FONT_PATH) and reads the macro files that `.so` any file
  // (GROFF_TMAC_PATH), man reads pages from MANPATH; vim sources its runtime files (VIM, VIMRUNTIME); Python's
  // PYTHONPLATLIBDIR moves its module path; gcloud's launcher sources CLOUDSDK_CONFIG/virtenv/bin/activate; chromium's profile (extensions) and the applications and D-Bus services
  // (`Exec=` lines) under XDG_DATA_DIRS and XDG_DATA_HOME; node writes coverage under NODE_V8_COVERAGE, chromium crash
  // dumps under BREAKPAD_DUMP_LOCATION, groff its temporary files under GROFF_TMPDIR (writes no word names, as TMPDIR);
  // bc and more read options (bc's name files of code to read) from BC_ENV_ARGS and MORE.
  "GCC_ROOT",
  "BINUTILS_ROOT",
  "LPATH",
  "GCC_COMPARE_DEBUG",
  "JDK_ALTERNATE_VM",
  "GROFF_FONT_PATH",
  "GROFF_TMAC_PATH",
  "GROFF_TMPDIR",
  "MANPATH",
  "VIM",
  "VIMRUNTIME",
  "PYTHONPLATLIBDIR",
  "CLOUDSDK_CONFIG",
  "CHROME_USER_DATA_DIR",
  "CHROME_CONFIG_HOME",
  "chrome_user_data_dir",
  "chrome_config_home",
  "xdg_config_home",
  "XDG_DATA_DIRS",
  "XDG_DATA_HOME",
  "NODE_V8_COVERAGE",
  "BREAKPAD_DUMP_LOCATION",
  "breakpad_dump_location",
  "BC_ENV_ARGS",
  "MORE",
  // The file of variables `uv run` loads into what it runs (as `--env-file`).
  "UV_ENV_FILE",
  // The options gcloud's launcher hands its Python (`-c CODE`).
  "CLOUDSDK_PYTHON_ARGS",
  "UNZIP",
  "UNZIPOPT",
  "MANOPT",
  "LESS",
  "GOFLAGS",
  "GOTOOLCHAIN",
  "COMPILER_PATH",
  "GCC_EXEC_PREFIX",
  "AUTOCONF",
  "AUTOHEADER",
  "AUTOMAKE",
  "ACLOCAL",
  "AUTOPOINT",
  "LIBTOOLIZE",
  "M4",
  "GROFF_BIN_PATH",
  "FACTERLIB",
  "WGETRC",
  "APT_CONFIG",
  "TEXMFCNF",
  "shell_escape",
  "shell_escape_commands",
  "BAT_CONFIG_PATH",
  // ripgrep reads options (`--pre CMD`) from the file this names.
  "RIPGREP_CONFIG_PATH",
  "PSQLRC",
  // Debian's pg_wrapper (psql, pg_dump, … as installed) opens files under these with Perl's two-argument open:
  // `PGSYSCONFDIR='|rm victim' psql` ran rm (docs/closed-world.md, "Two hunts run by hand").
  "PGSYSCONFDIR",
  "PG_CLUSTER_CONF_ROOT",
  "PGCLUSTER",
  "PIP_PYTHON",
  "PIP_CONFIG_FILE",
  // pytest's options from the environment (`--basetemp DIR`, which it empties, `-p MODULE`, `-o` ini settings) and
  // the plugin modules it imports: Python reads os.environ itself, so the getenv discovery never sees them (read from
  // pytest's source; `--basetemp` emptied a directory no word named, by hand).
  "PYTEST_ADDOPTS",
  "PYTEST_PLUGINS",
  // Lets Google's clients run the executable an external account's credential file names (gcloud, Pi's Vertex).
  "GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES",
  // Turn on client certificates: gcloud then runs the `cert_provider_command` of ~/.secureConnect/
  // context_aware_metadata.json (`CLOUDSDK_CONTEXT_AWARE_USE_CLIENT_CERTIFICATE=true gcloud storage ls` ran it, by
  // hand), or loads the provider libraries an enterprise certificate configuration names; Google's client libraries
  // do the same under GOOGLE_API_USE_CLIENT_CERTIFICATE. The configuration's own path, moved, names them too.
  "CLOUDSDK_CONTEXT_AWARE_USE_CLIENT_CERTIFICATE",
  "CLOUDSDK_CONTEXT_AWARE_CERTIFICATE_CONFIG_FILE_PATH",
  "GOOGLE_API_USE_CLIENT_CERTIFICATE",
  "GOOGLE_API_CERTIFICATE_CONFIG",
  // gcloud properties that move where it writes (storage's tracker, rsync and symlink placeholder files), where it
  // finds a certificate configuration, and where `gcloud components` installs code from (the SDK's source).
  "CLOUDSDK_STORAGE_TRACKER_FILES_DIRECTORY",
  "CLOUDSDK_STORAGE_RSYNC_FILES_DIRECTORY",
  "CLOUDSDK_STORAGE_SYMLINK_PLACEHOLDER_DIRECTORY",
  "CLOUDSDK_CONTEXT_AWARE_AUTO_DISCOVERY_FILE_PATH",
  "CLOUDSDK_COMPONENT_MANAGER_SNAPSHOT_URL",
  "CLOUDSDK_COMPONENT_MANAGER_ORIGINAL_SNAPSHOT_URL",
  "CLOUDSDK_COMPONENT_MANAGER_ADDITIONAL_REPOSITORIES",
  // Configuration files that name programs or code to run, moved to one the command chooses:
  // kubectl's exec credential plugins, aws's credential_process, docker's credential helpers, yarn's yarnPath,
  // a Gemfile (Ruby), gpg-agent's pinentry-program, zsh's startup files, JVM options (-javaagent), R and Julia
  // startup code, Python's user site (.pth lines run), go's env file (GOFLAGS), a CMake toolchain file,
  // vim's startup commands, Mercurial hooks and aliases, screen's exec, IPython and Jupyter startup code, curl's .curlrc.
  "KUBECONFIG",
  "AWS_CONFIG_FILE",
  "AWS_SHARED_CREDENTIALS_FILE",
  "DOCKER_CONFIG",
  "YARN_RC_FILENAME",
  "BUNDLE_GEMFILE",
  // Found once Ruby and PHP were installed (each checked with a real run, Debian 12's bundler 2.3 and PHP 8.2):
  // bundler's settings from another file or directory (`BUNDLE_GEMFILE: /x/Gemfile` there made `bundle list` run
  // that Gemfile's Ruby), its plugins, and where it installs gems and binstubs; PHP's php.ini from another directory
  // or scan directory (`extension=x.so` there made `php -v` load x.so); composer's composer.json (its scripts ran
  // from `COMPOSER=c.json composer run-script x`), its home (the global plugins it loads for every command), and
  // where it writes packages and their binaries.
  "BUNDLE_APP_CONFIG",
  "BUNDLE_USER_HOME",
  "BUNDLE_USER_CONFIG",
  "BUNDLE_USER_PLUGIN",
  "BUNDLE_PATH",
  "BUNDLE_BIN",
  "PHPRC",
  "PHP_INI_SCAN_DIR",
  "COMPOSER",
  "COMPOSER_HOME",
  "COMPOSER_VENDOR_DIR",
  "COMPOSER_BIN_DIR",
  // The variables discovery, run on them (each checked with a real run): rake's options from the environment
  // (`RAKEOPT='-r x.rb' rake -T` ran x.rb), Debian's vendor gem directory (`GEM_VENDOR=d gem list` evaluated the
  // gem specification under d/specifications, Ruby), and composer's cache and data directories (the package
  // archives it installs from, the composer.phar a rollback runs).
  "RAKEOPT",
  "GEM_VENDOR",
  // Python's project tools (each checked with a real run, Debian 12's pipenv and poetry): the Pipfile pipenv works
  // from (`pipenv run x` ran another Pipfile's script x), and poetry's configuration and directories
  // (`POETRY_VIRTUALENVS_PATH=d poetry install`, or `virtualenvs.path = d` in POETRY_CONFIG_DIR's config.toml, wrote
  // the virtualenv under d).
  // The JDK the Java launchers' scripts run (`JAVA_HOME=d mvn -v` ran d/bin/java: a real run, Maven 3.8; gradlew,
  // ant and sbt find java the same way).
  "JAVA_HOME",
  // gem's configuration file (`GEMRC=f gem env` listed f's `gem: --bindir DIR`, default options of every gem
  // command: a real run) and its cache of gem specifications.
  "GEMRC",
  "GEM_SPEC_CACHE",
  // Where Python's and JavaScript's tool installers put programs and environments (their documentation; uv, pipx's
  // newer options and yarn 2 are not installed here): a bin directory on PATH, a tool or package home, a cache. And
  // yarn 2's yarnPath (the yarn it runs instead of itself), from the environment as YARN_YARN_PATH.
  "PIPX_BIN_DIR",
  "PIPX_HOME",
  "UV_TOOL_BIN_DIR",
  "UV_TOOL_DIR",
  "UV_CACHE_DIR",
  "UV_PYTHON_INSTALL_DIR",
  "UV_PROJECT_ENVIRONMENT",
  "UV_INSTALL_DIR",
  "PNPM_HOME",
  "YARN_YARN_PATH",
  "YARN_CACHE_FOLDER",
  "YARN_GLOBAL_FOLDER",
  "PIPENV_PIPFILE",
  // The .env file pipenv loads into every command it runs (it loads ./.env by default: LD_PRELOAD there made
  // `pipenv install` load a library, a real run); by documentation.
  "PIPENV_DOTENV_LOCATION",
  // Maven 3.9's arguments for every build, as MAVEN_OPTS is the JVM's (`exec:exec -Dexec.executable=…`); by documentation.
  "MAVEN_ARGS",
  // RubyGems activates the gems a Gemfile lists (and evaluates the Gemfile) at start-up; by documentation.
  "RUBYGEMS_GEMDEPS",
  "POETRY_CONFIG_DIR",
  "POETRY_DATA_DIR",
  "POETRY_CACHE_DIR",
  "POETRY_HOME",
  "POETRY_VIRTUALENVS_PATH",
  "COMPOSER_CACHE_DIR",
  "COMPOSER_DATA_DIR",
  "GNUPGHOME",
  "ZDOTDIR",
  "MAVEN_OPTS",
  "GRADLE_OPTS",
  "JAVA_OPTS",
  "DOTNET_ROOT",
  "R_PROFILE",
  "R_PROFILE_USER",
  "R_ENVIRON",
  "R_ENVIRON_USER",
  "JULIA_DEPOT_PATH",
  "JULIA_LOAD_PATH",
  "PYTHONUSERBASE",
  "GOENV",
  "CMAKE_TOOLCHAIN_FILE",
  // Where cmake and cpack look for packages (their `*Config.cmake` code), programs and bundles: cpack looked under
  // each (the variables discovery's probes).
  "CMAKE_PREFIX_PATH",
  "CMAKE_PROGRAM_PATH",
  "CMAKE_APPBUNDLE_PATH",
  "VIMINIT",
  "EXINIT",
  "MYVIMRC",
  "HGRCPATH",
  "SCREENRC",
  "IPYTHONDIR",
  "JUPYTER_CONFIG_DIR",
  "CURL_HOME",
  "EMACSLOADPATH",
  // perf: its configuration file (a pager, clang, BPF events), the directory it runs perf-NAME from and puts first on
  // the PATH of the command it runs, and the build-id cache perf record writes under.
  "PERF_CONFIG",
  "PERF_EXEC_PATH",
  "PERF_BUILDID_DIR",
  // Options that run commands (fzf's `--preview CMD`), configuration that loads code or names programs (openssl's
  // engines and providers, terraform's provider overrides, helm's plugins, rclone's password command), a Go
  // toolchain's root (go runs its compile and link tools from it), the interpreter uv, pipenv and poetry run,
  // groff's program-name prefix, and make's built-in programs taken from the environment (`AR=./x make`).
  "FZF_DEFAULT_OPTS",
  "SKIM_DEFAULT_OPTIONS",
  "OPENSSL_CONF",
  "OPENSSL_ENGINES",
  "OPENSSL_MODULES",
  "TF_CLI_CONFIG_FILE",
  "TERRAFORM_CONFIG",
  "HELM_PLUGINS",
  "RCLONE_CONFIG",
  "GOROOT",
  "UV_PYTHON",
  "PIPENV_PYTHON",
  "VIRTUAL_ENV",
  "GROFF_COMMAND_PREFIX",
  // Found by the Go programs' discovery (gdb at syscall.Getenv, hunt/go-env-reads.ts): gh's configuration directory
  // (its aliases run shell commands: `GH_CONFIG_DIR=d gh x` with `x: "!rm victim"` in d/config.yml ran rm), podman's
  // configuration files (an OCI runtime, a mount program: `CONTAINERS_CONF=c.conf podman info` ran the runtime
  // named there), terraform's options from the environment and its data directory (the providers it runs).
  "GH_CONFIG_DIR",
  "CONTAINERS_CONF",
  "CONTAINERS_STORAGE_CONF",
  "TF_CLI_ARGS",
  "TF_DATA_DIR",
  // And its provider cache: `terraform init` installs the providers it finds there (terraform's documentation), which
  // later commands run.
  "TF_PLUGIN_CACHE_DIR",
  // nvcc's options from the environment (the discovery's options probe): `NVCC_PREPEND_FLAGS=-ccbin=rm nvcc -c k.cu` ran rm.
  "NVCC_PREPEND_FLAGS",
  "NVCC_APPEND_FLAGS",
  // Where builds and installs write (`CARGO_TARGET_DIR=~/.ssh cargo build`, `GOBIN=/etc go install x`).
  "CARGO_TARGET_DIR",
  "GOBIN",
  "GOPATH",
  // The go command's own directories (found once Go was installed, reading `go help environment`): it writes its
  // build cache, temporary builds and downloaded modules there, and `GOMODCACHE=d go clean -modcache` removed the
  // whole directory d, whatever it held (a real run, Go 1.19).
  "GOCACHE",
  "GOTMPDIR",
  "GOMODCACHE",
  // Patterns of cgo flags go lets a package's `#cgo` lines pass (it refuses the rest): `CGO_CFLAGS_ALLOW='-B.*' go
  // build` ran the cc1 that `#cgo CFLAGS: -B/dir/` named, which plain `go build` refused (a real run). And where go
  // finds gccgo's tools, cgo among them (`go help environment`).
  "CGO_CFLAGS_ALLOW",
  "CGO_CPPFLAGS_ALLOW",
  "CGO_CXXFLAGS_ALLOW",
  "CGO_FFLAGS_ALLOW",
  "CGO_LDFLAGS_ALLOW",
  "GCCGOTOOLDIR",
  "DESTDIR",
  "AR",
  "AS",
  "CPP",
  "FC",
  "LD",
  "LEX",
  "YACC",
  // Files a program opens because the environment names them, which no word of the command shows (found by running
  // commands under strace): the time-zone directory, file(1)'s and less's databases, git's shallow and graft files,
  // TLS key logs (written), node's extra CA certificates, Python's bytecode cache (written), the temporary directory
  // (mktemp, gcc and bash's here-documents write there).
  "TZDIR",
  "MAGIC",
  "LESSKEYIN",
  "LESSKEYIN_SYSTEM",
  "GIT_SHALLOW_FILE",
  "GIT_GRAFT_FILE",
  "SSLKEYLOGFILE",
  "NODE_EXTRA_CA_CERTS",
  "PYTHONPYCACHEPREFIX",
  "TMPDIR",
  // gcc's include and library search paths and the dependency files it writes (`CPATH=~/.ssh gcc -include id_rsa`).
  "CPATH",
  "C_INCLUDE_PATH",
  "CPLUS_INCLUDE_PATH",
  "OBJC_INCLUDE_PATH",
  "LIBRARY_PATH",
  "DEPENDENCIES_OUTPUT",
  "SUNPRO_DEPENDENCIES",
  // Found once the variables discovery saw Python's and Perl's reads (hunt/module-reads.ts, hunt/python-environ-log.py:
  // both fill their environment table without asking libc). Modules imported by name: botocore's plugins, a warning
  // category's module (`PYTHONWARNINGS=ignore::this.X python3 -c 1` printed the Zen of Python), sysconfig's data module
  // and the build tree it is found in. Configuration that is code: IPython's profile directory by its old name
  // (ipython_config.py, startup/*.py), CPAN's CPAN/MyConfig.pm under USERPROFILE, the XDG configuration directories
  // pip reads pip.conf from (as PIP_CONFIG_FILE), flask's file of variables (as UV_ENV_FILE). Directories written
  // under that no word names: Test::Harness's TAP dumps, pytest's temporary root and its cache (under TOX_ENV_DIR),
  // Hypothesis's example database. The AWS CLI's service descriptions, which say where its requests go.
  "BOTOCORE_EXPERIMENTAL__PLUGINS",
  "PYTHONWARNINGS",
  "_PYTHON_SYSCONFIGDATA_NAME",
  "_PYTHON_PROJECT_BASE",
  "IPYTHON_DIR",
  "USERPROFILE",
  "XDG_CONFIG_DIRS",
  "FLASK_ENV_FILE",
  "PERL_TEST_HARNESS_DUMP_TAP",
  "PYTEST_DEBUG_TEMPROOT",
  "TOX_ENV_DIR",
  "HYPOTHESIS_STORAGE_DIRECTORY",
  "AWS_DATA_PATH",
  // Read from the same discovery's new names: ExtUtils::MakeMaker's and Module::Build's options (`PERL=…`, `MAKE=…`
  // name what the Makefile it writes runs: `perl Makefile.PL` parses PERL_MM_OPT as its arguments), docutils's
  // configuration files (`aws help` renders with docutils; `warning_stream` names a file it writes), and SQLite's
  // temporary directory (written, as TMPDIR).
  "PERL_MM_OPT",
  "PERL_MB_OPT",
  "DOCUTILSCONFIG",
  "SQLITE_TMPDIR",
  // The command-valued ones (below) hijack too.
  ...COMMAND_VARIABLES,
]);

/**
 * Variables whose value is options for a program that reads them from the
 * environment: the JVM's (`JAVA_TOOL_OPTIONS` for every JVM, `_JAVA_OPTIONS`,
 * `JDK_JAVA_OPTIONS` for the java launcher) and the JVM options of the
 * scripts that start one. A prefix assignment floors (they are hijack
 * variables) and is judged as that program given those options too
 * (`_JAVA_OPTIONS=-Xlog:gc:file=.env java X` writes .env).
 */
export const OPTION_VARIABLES: Readonly<Record<string, string>> = {
  JAVA_TOOL_OPTIONS: "java",
  _JAVA_OPTIONS: "java",
  JDK_JAVA_OPTIONS: "java",
  JAVA_OPTS: "java",
  MAVEN_OPTS: "java",
  GRADLE_OPTS: "java",
};

/** Variable names matched by pattern (numbered git config entries). */
export const HIJACK_VARIABLE_PATTERNS: readonly RegExp[] = [
  /^GIT_CONFIG_(?:KEY|VALUE)_\d+$/,
  /^BASH_FUNC_.+%%$/,
  // cargo's per-target runner and linker, and its command aliases.
  /^CARGO_TARGET_\w+_(?:RUNNER|LINKER|RUSTFLAGS)$/,
  /^CARGO_ALIAS_\w+$/,
  // cargo reads any configuration key from the environment (`build.rustflags` as CARGO_BUILD_RUSTFLAGS): the
  // sections whose keys name programs it runs or where it writes (each a real run, Debian 12's cargo:
  // `CARGO_BUILD_RUSTFLAGS='-C linker=P'` ran P, `CARGO_DOC_BROWSER=P cargo doc --open` ran P, and
  // CARGO_BUILD_TARGET_DIR moved the build), and where it installs, registries' credential providers, sources.
  /^CARGO_(?:BUILD|HOST|INSTALL|DOC|REGISTRY|REGISTRIES|SOURCE)_\w+$/,
  // Every npm option, as an environment variable (`npm_config_prefix=/etc`, `npm_config_script_shell`).
  /^npm_config_/i,
  // git's traces write to a file when the value is a path (`GIT_TRACE=.env git status`).
  /^GIT_TRACE\w*$/,
  // Plugin and module directories (GStreamer's GST_PLUGIN_PATH_1_0, Qt's QT_PLUGIN_PATH, GIO's GIO_MODULE_DIR, …):
  // shared objects loaded from there run in the program.
  /^\w+_(?:PLUGINS?|MODULES?)_(?:PATH|DIRS?|FILE)(?:_\d+_\d+)?$/,
  /^GIO_EXTRA_MODULES$/,
  // terraform's options for one subcommand (`TF_CLI_ARGS_plan`), as TF_CLI_ARGS are for all.
  /^TF_CLI_ARGS_\w*$/,
];

export function isHijackVariable(name: string): boolean {
  return HIJACK_VARIABLES.has(name) || HIJACK_VARIABLE_PATTERNS.some((p) => p.test(name));
}

/**
 * `git -c KEY=VALUE` keys whose value is run as a command, or that move what
 * git reads (`core.worktree`: `git diff` then prints other files than the
 * index names under the repository); case-insensitive, as git reads keys.
 */
export const GIT_COMMAND_KEYS: RegExp =
  /^(?:core\.(?:pager|sshcommand|editor|fsmonitor|hookspath|gitproxy|askpass|alternaterefscommand|worktree)|sequence\.editor|diff\.external|interactive\.difffilter|credential\..*helper|gpg\.(?:\w+\.)?program|alias\..+|(?:diff|filter|merge)\..+\.(?:textconv|clean|smudge|process|driver|command)|(?:difftool|mergetool|guitool)\..+\.(?:cmd|path)|(?:web|man)\.browser|(?:browser|man)\..+\.(?:cmd|path)|gpg\.ssh\.defaultkeycommand|trailer\..+\.(?:command|cmd)|hook\..+\.command|imap\.tunnel|sendemail\.smtpserver|submodule\..+\.update|remote\..+\.vcs|uploadpack\.packobjectshook|protocol\..*allow|include\.path|includeif\..+|remote\..+\.(?:uploadpack|receivepack|proxy)|http\.proxy|sendemail\..*cmd|pager\..+|instaweb\..+|url\..+|ssh\.variant|receive\.procreceiverefs)$/i;

/** `ssh -o KEY=VALUE` keys whose value is run as a command, or pasted into one (ProxyJump's hosts). */
export const SSH_COMMAND_KEYS: RegExp = /^(?:proxycommand|proxyjump|localcommand|knownhostscommand|remotecommand|permitlocalcommand|include|match)$/i;

/** `cmake -DKEY[:TYPE]=VALUE` cache entries whose value is a program cmake runs (compilers, launchers, the build tool). */
export const CMAKE_COMMAND_KEYS: RegExp = /^CMAKE_\w*(?:COMPILER|LAUNCHER|MAKE_PROGRAM|LINKER|EMULATOR|_PROGRAM)\w*(?::\w+)?$/i;

/**
 * `make NAME=VALUE` variables whose value make runs or reads as options: its
 * shell and flags, and the programs of its built-in rules (`make CC='touch x;' v`
 * runs the value, tried with GNU make 4.3). An optional `override`/`export` and
 * the assignment operator's `:`, `::`, `+`, `?` are part of the key.
 */
export const MAKE_COMMAND_KEYS: RegExp =
  /^(?:(?:override|export)\s+)*(?:SHELL|\.SHELLFLAGS|MAKESHELL|MAKEFLAGS|GNUMAKEFLAGS|MFLAGS|MAKEOVERRIDES|MAKEFILES|MAKE|MAKE_COMMAND|\.RECIPEPREFIX|AR|AS|CC|CXX|CPP|FC|M2C|PC|CO|GET|LEX|LINT|YACC|MAKEINFO|TEX|TEXI2DVI|WEAVE|CWEAVE|TANGLE|CTANGLE|RM|LD|LINK\.\w+|COMPILE\.\w+|PREPROCESS\.\w+|OUTPUT_OPTION)\s*(?::{1,3}|\+|\?)?$/;

/**
 * A `make` command-line variable make evaluates before any rule runs: a `$`
 * (make's `$(shell …)` and other functions, in the name or an immediate `:=`
 * value) or the `!=` shell assignment (`make 'x:=$(shell touch p)'` ran it).
 */
export const MAKE_EVALUATED_ASSIGNMENT: RegExp = /\$|^[^=]*!=/;

/** Characters a shell gives meaning to: a variable's value holding them is pasted into the recipes' commands. */
export const MAKE_VALUE_SHELL_SYNTAX: RegExp = /[;&|<>()`\n\\]/;

/**
 * Variables whose value make's rules and build tools pass to the compiler
 * driver or the linker as options (`make CFLAGS=…`, `CFLAGS=… ./configure`).
 */
export const COMPILER_FLAG_VARIABLES: ReadonlySet<string> = new Set([
  "CFLAGS",
  "CXXFLAGS",
  "CPPFLAGS",
  "LDFLAGS",
  "LDLIBS",
  "ASFLAGS",
  "FFLAGS",
  "OBJCFLAGS",
  "TARGET_ARCH",
  // go passes them to the C compiler and linker for cgo: `CGO_CFLAGS=-B/dir/ go build` ran /dir/cc1 (a real run).
  "CGO_CFLAGS",
  "CGO_CPPFLAGS",
  "CGO_CXXFLAGS",
  "CGO_FFLAGS",
  "CGO_LDFLAGS",
]);

/**
 * Compiler driver and linker options that load or run code: a plugin
 * (`-fplugin=`, clang's `-fpass-plugin=` and `-Xclang -load`, a linker's
 * `-plugin` or `--load-pass-plugin` through `-Wl,` or `-Xlinker`), the
 * programs the driver runs (`-B`, `-wrapper`, `-specs`, `-fuse-ld`,
 * `--ld-path`), or more options from a file (`@file`).
 */
export const CODE_LOADING_COMPILER_FLAGS: RegExp =
  /(?:^|\s)(?:-fplugin|-fpass-plugin|-Xclang|-Xlinker|-wrapper|-specs|-fuse-ld|--ld-path|-B|@)|(?:^|\s|,)-{1,2}(?:plugin|load-pass-plugin|load)\b/;

/** The linker options of `-Wl,…` (the part after `l,`) that load a plugin. */
export const LINKER_COMMAND_KEYS: RegExp = /^l,(?:.*,)?-{1,2}(?:plugin|load-pass-plugin)\b/;

/**
 * `php -d KEY=VALUE` settings that load or run code: an extension or Zend
 * extension (`php -d extension=x.so -v` loaded x.so: a real run), a file run
 * before or after every script, the mail program.
 */
export const PHP_CODE_SETTINGS: RegExp = /^(?:extension|zend_extension|auto_prepend_file|auto_append_file|sendmail_path)$/;

/** Keyed options (program-record.ts `Keyed`): the keys that make the value a command. */
export const COMMAND_KEYS: Readonly<Record<"git-config" | "ssh-option" | "cmake-define" | "make-variable" | "linker-pass" | "php-setting", RegExp>> = {
  "git-config": GIT_COMMAND_KEYS,
  "ssh-option": SSH_COMMAND_KEYS,
  "cmake-define": CMAKE_COMMAND_KEYS,
  "make-variable": MAKE_COMMAND_KEYS,
  "linker-pass": LINKER_COMMAND_KEYS,
  "php-setting": PHP_CODE_SETTINGS,
};

/** What a key COMMAND_KEYS matches makes the program do, as a floor's reason says it. */
export const KEYED_EFFECT: Readonly<Record<keyof typeof COMMAND_KEYS, string>> = {
  "git-config": "run a command",
  "ssh-option": "run a command",
  "cmake-define": "run a command",
  "make-variable": "run a command",
  "linker-pass": "run a command",
  "php-setting": "load or run code",
};

/**
 * Variables whose value names a file the C library opens in whatever program runs, and the directory a relative
 * name is read from: `TZ=:/etc/hostname date` and `TZ=:../../../etc/passwd date` read those files (glibc reads TZ
 * as a zone file first, a leading `:` dropped, before it tries the value as a rule; TZDIR, which moves the
 * directory, is floored above). `TZ=UTC` reads /usr/share/zoneinfo/UTC, which no rule is likely to name.
 */
export const FILE_VALUED_VARIABLES: Readonly<Record<string, { readonly strip: string; readonly directory: string }>> = {
  TZ: { strip: ":", directory: "/usr/share/zoneinfo" },
};

/** The file `name=value` makes the C library open (FILE_VALUED_VARIABLES), absolute; null for another name or an empty value. */
export function fileNamedByVariable(name: string, value: string): string | null {
  if (!Object.hasOwn(FILE_VALUED_VARIABLES, name)) return null;
  const spec = FILE_VALUED_VARIABLES[name] as (typeof FILE_VALUED_VARIABLES)[string];
  const file = value.startsWith(spec.strip) ? value.slice(spec.strip.length) : value;
  if (file === "") return null;
  return file.startsWith("/") ? file : `${spec.directory}/${file}`;
}
