/**
 * Files the start-up files discovery (hunt/startup-reads.ts) saw programs
 * look up unasked that permc does not floor when the same command writes
 * them first, each reviewed: what the program reads there, and why writing
 * it cannot make the program run a command or open a file the command's
 * words do not name. test/hunt/startup-reads.test.ts holds the cache to this
 * list and to permc's decisions: a new lookup after a refresh fails it until
 * permc floors it (a record's `runsImplicitly`, knowledge/implicit-code.ts)
 * or it is reviewed here. A review whose `inside` names a file is checked
 * too: the lookup is a directory the program runs files from, and that file
 * written in it first must be floored.
 */

export interface ReviewedLookup {
  /** The programs (names from the cache), or every program. */
  readonly programs: readonly string[] | "any";
  /** Lookups as the cache spells them (`~/…`, `./…`); `*` is any run of characters but `/`, `**` any. */
  readonly files: readonly string[];
  readonly why: string;
  /** The lookup is a directory the program runs files from: this file, written in it first, must be floored. */
  readonly inside?: string;
}

const VIM = ["vi", "vim", "vimdiff", "view", "rvim", "rview", "ex"];
const C_DRIVERS = ["gcc", "g++", "cc", "c++", "c89", "c99", "c89-gcc", "c99-gcc"];
const BINUTILS = ["as", "ld", "ld.bfd", "ld.gold", "gold", "nm", "size", ...C_DRIVERS];
const PYTHONS = [
  "python3",
  "pdb3",
  "pip",
  "pip3",
  "pygmentize",
  "yq",
  "gcloud",
  "gsutil",
  "gdb",
  "aws",
  "cfn-lint",
  "dotenv",
  "flask",
  "ipython",
  "ipython3",
  "pytest",
  "black",
  "isort",
  "pipenv",
  "poetry",
  "meson",
];
const IPYTHON = ["ipython", "ipython3"];
/** Programs that start Ruby with RubyGems (Debian 12's Ruby 3.1). */
const RUBIES = ["ruby", "gem", "bundle", "bundler", "rake", "irb"];
const TERMINFO = "terminal capability entries: data ncurses reads, no code";

export const REVIEWED_STARTUP_FILES: readonly ReviewedLookup[] = [
  // Directories that hold code: what runs from them is floored by its name.
  { programs: VIM, files: ["~/.vim/**/"], inside: "x.vim", why: "Vim's runtime directories: it sources the `*.vim` files in them (EDITOR_START_UP)" },
  { programs: VIM, files: ["~/.vim"], inside: "plugin/x.vim", why: "Vim's runtime directory: it sources `plugin/*.vim` and the others under it" },
  {
    programs: PYTHONS,
    files: ["~/.local/lib/python3.*/site-packages"],
    inside: "x.pth",
    why: "the user's site-packages: Python runs the `import` lines of each `*.pth` file in it at start-up (PYTHON_CODE)",
  },
  { programs: IPYTHON, files: ["~/.ipython"], inside: "profile_default/ipython_config.py", why: "IPython's directory: its profiles' configuration is Python" },
  {
    programs: IPYTHON,
    files: ["~/.config"],
    inside: "ipython/profile_default/ipython_config.py",
    why: "the configuration directory, where IPython also looks for its profiles",
  },
  {
    programs: IPYTHON,
    files: ["~/.ipython/profile_default"],
    inside: "ipython_config.json",
    why: "IPython's default profile: its configuration, Python or JSON (`exec_lines` runs code at start-up)",
  },
  { programs: IPYTHON, files: ["~/.ipython/profile_default/startup"], inside: "x.ipy", why: "IPython runs every `*.py` and `*.ipy` file here at start-up" },
  {
    programs: ["cargo", "cargo-clippy"],
    files: ["./.cargo", "~/.cargo"],
    inside: "config.toml",
    why: "cargo's configuration directories: config.toml's aliases, runners and wrappers are commands",
  },
  { programs: ["cargo"], files: ["~/.cargo/bin"], inside: "cargo-x", why: "cargo runs `cargo-NAME` from here for `cargo NAME`, whether or not it is on PATH" },
  {
    programs: ["pi"],
    files: ["./.pi/extensions", "~/.pi/agent/extensions", "./.pi/hooks", "~/.pi/agent/hooks", "./.pi/tools", "~/.pi/agent/tools"],
    inside: "x.ts",
    why: "Pi loads the TypeScript and JavaScript modules here as extensions (hooks and tools are their older names)",
  },
  {
    programs: ["pi"],
    files: ["~/.pi/agent"],
    inside: "auth.json",
    why: "Pi's own directory: its settings (packages, extensions) and its keys, whose `!command` values it runs",
  },
  { programs: ["docker"], files: ["~/.docker/cli-plugins"], inside: "docker-x", why: "docker's plugins directory: it runs `docker-NAME` for `docker NAME`" },
  {
    programs: ["terraform"],
    files: ["./terraform.d/plugins", "~/.terraform.d/plugins", "~/.terraform.d/plugins/*", "~/.local/share/terraform/plugins"],
    inside: "terraform-provider-x",
    why: "terraform's provider directories: it runs the `terraform-provider-*` programs in them",
  },
  { programs: ["terraform"], files: ["~/.terraform.d"], inside: "plugins/terraform-provider-x", why: "terraform's own directory, its plugins under it" },
  { programs: ["gpg"], files: ["~/.gnupg"], inside: "gpg.conf", why: "gpg's home: its options file (gpg.conf) names programs it runs" },
  { programs: ["gcloud", "gsutil"], files: ["~/.config"], inside: "gcloud/properties", why: "the configuration directory, gcloud's properties under it" },
  { programs: ["gcloud", "gsutil"], files: ["~/.config/gcloud"], inside: "properties", why: "gcloud's configuration directory" },
  { programs: ["gcloud", "gsutil"], files: ["~/.config/gcloud/configurations"], inside: "config_x", why: "gcloud's named configurations" },
  { programs: ["make", "gmake"], files: ["./RCS"], inside: "Makefile,v", why: "GNU make's built-in rules check a missing file out of `RCS/F,v` with co" },
  { programs: ["make", "gmake"], files: ["./SCCS"], inside: "s.Makefile", why: "GNU make's built-in rules check a missing file out of `SCCS/s.F` with get" },
  {
    programs: ["ctags", "etags"],
    files: ["./.ctags.d", "./ctags.d", "~/.ctags.d", "~/.config/ctags"],
    inside: "x.ctags",
    why: "Universal Ctags' options directories: it reads the options of each `*.ctags` file in them (`-L FILE` prints FILE's lines), floored by name (implicit-code.ts)",
  },
  {
    programs: ["npm", "npx"],
    files: ["./node_modules"],
    inside: ".bin/sh",
    why: "npm runs its scripts with `sh` found on a PATH that starts with node_modules/.bin (path-shadow.ts)",
  },
  {
    programs: ["cpack"],
    files: ["./Platform/Linux-Determine"],
    why: "a prefix of the CMake modules cpack includes from its module path: a module is `*.cmake`, floored by name",
  },
  // Data the program reads: no command, no file the command does not name.
  {
    programs: ["ctest", "cpack"],
    files: ["./ctest", "./cpack"],
    why: "the program looks for itself where it runs to find its install; an executable of that name taken for it makes cmake look for its modules (`*.cmake`, floored by name) beside it",
  },
  {
    programs: ["ctest"],
    files: ["./Testing/Temporary", "./Testing/Temporary/CTestCheckpoint.txt", "./Testing/Temporary/CTestCostData.txt"],
    why: "ctest's own records: the indexes of the tests a run got to, and each test's past run time (it orders tests by them), never commands",
  },
  {
    programs: ["prove"],
    files: ["./.prove", "./t", "./t/testrules.yml", "./testrules.yml"],
    why: "prove's saved state (each test's last result and time, read with --state), its default test directory (the `*.t` files in it are code, floored by name) and its rules for which tests run in parallel (globs, no command)",
  },
  {
    programs: ["ctags", "etags"],
    files: ["./tags", "./TAGS", "./etags"],
    why: "its own output: ctags reads a tags file there to check it is one before it overwrites it (it refuses any other file, a link to one too), and lstat's the output's name among its inputs",
  },
  { programs: VIM, files: ["./.notes.txt.sw*"], why: "Vim's swap file for the file it edits: text it offers to recover when asked, never runs" },
  { programs: VIM, files: ["~/.viminfo"], why: "Vim's history, registers and marks: text it restores, not commands it runs" },
  { programs: "any", files: ["~/.terminfo"], why: TERMINFO },
  {
    programs: C_DRIVERS,
    files: ["./-l*"],
    why: "the linker looks for a library operand as a file of that name too: an object or linker script linked into the output, and a linker script runs nothing",
  },
  {
    programs: BINUTILS,
    files: ["./a.out"],
    why: "the toolchain's default output (and nm's and size's default input): an object file it writes or reads, never runs",
  },
  {
    programs: ["cmake"],
    files: ["./CMakeFiles/", "./CMakeFiles/CMakeScratch", "./cmake", "./build/CMakeFiles/**"],
    why: "cmake's build tree and its scratch space: the code it loads from there (`*.cmake`, CMakeCache.txt) is floored by name",
  },
  {
    programs: ["rg", "fdfind"],
    files: [
      "./",
      "./.git",
      "./.git/info/exclude",
      "./.gitignore",
      "./.ignore",
      "./.rgignore",
      "./.fdignore",
      "~/.config/fd/ignore",
      "~/.config/git/*",
      "~/.gitconfig",
    ],
    why: "the ignore sources a walker reads: they choose which files it reads, and a whitelist in any of them (or written by the command) makes permc count the hidden and ignored files too (ignore-files.ts, walk-trust.ts)",
  },
  {
    programs: ["black", "isort"],
    files: ["./.git", "./.hg"],
    why: "black and isort look for the project's root (a repository's `.git` or `.hg`) to find its pyproject.toml: the configuration there is floored by name (LEAF_CONFIGURATION)",
  },
  {
    programs: ["shfmt"],
    files: ["./.editorconfig"],
    why: "shfmt's formatting settings (indent, the shell dialect): layout, no file it reads or writes besides the ones it formats, no command",
  },
  {
    programs: ["clang-format"],
    files: ["./.clang-format", "./_clang-format"],
    why: "clang-format's style: layout settings, no file it reads or writes besides the ones it formats, no command",
  },
  {
    programs: ["black"],
    files: ["~/.config"],
    inside: "black",
    why: "the configuration directory: black's user configuration is the file `black` in it, floored by name (LEAF_CONFIGURATION)",
  },
  {
    programs: ["git"],
    files: ["./.git"],
    why: "git looks for a repository (`.git`) or a bare one (`HEAD`): what a repository runs is its configuration and hooks, floored by name (GIT_CONFIGURATION_AND_HOOKS)",
  },
  {
    programs: ["gpg"],
    files: ["~/.gnupg/pubring.*", "~/.gnupg/random_seed", "~/.gnupg/.#lk*"],
    why: "gpg's keyrings, its random seed and its lock files: keys and bytes, no options",
  },
  {
    programs: ["gcloud", "gsutil"],
    files: ["~/.config/gcloud/logs", "~/.config/gcloud/logs/**"],
    why: "gcloud's own logs (a directory a day, a file a run: which ones a refresh sees varies): it writes there",
  },
  { programs: ["gsutil"], files: ["~/.gsutil"], why: "gsutil's state directory: resumable transfers' tracker files and its token cache" },
  {
    programs: ["terraform"],
    files: ["~/.terraform.d/checkpoint_*"],
    why: "terraform's record of its last check for a newer version: a time and an identifier, no command",
  },
  {
    programs: ["terraform"],
    files: ["~/.terraform.d/credentials.tfrc.json"],
    why: "tokens terraform sends to the registries it names; the helpers that fetch them are configured in `.terraformrc`, which is floored",
  },
  {
    programs: ["npm", "npx"],
    files: ["~/.npm/_logs", "~/.npm/_update-notifier-last-checked"],
    why: "npm's own logs and the time it last checked for a newer npm",
  },
  {
    programs: ["npx"],
    files: ["~/.npm/_cacache/**"],
    why: "npm's content-addressed cache: npx runs a package's code, which permc never reads; an entry written first changes which code, not whether code permc cannot see runs",
  },
  {
    programs: ["java", "javac", "jar", "mvn"],
    files: ["./.hotspotrc", "./.hotspot_compiler"],
    why: "a release JVM only warns that these files are there and ignores them (`-XX:Flags=` and `-XX:CompileCommandFile=` read them, on the command line)",
  },
  { programs: ["java", "javac"], files: ["./"], why: "the class path's directory: the classes and service files in it are JVM_CODE, floored by name" },
  {
    programs: ["javac"],
    files: ["./META-INF/services/*"],
    why: "the service files on the class path: the annotation processors and plugins they name are JVM_CODE",
  },
  { programs: ["less"], files: ["./-", "~/.lesshst"], why: "less's history of searches and commands typed, and standard input's name" },
  { programs: ["pdb3"], files: ["~/.inputrc"], why: "readline's key bindings for Python's prompt: keys and macros of typed text, no command" },
  { programs: ["psql"], files: ["~/.pgpass"], why: "passwords psql sends to the server the command names" },
  {
    programs: ["psql"],
    files: ["~/.postgresqlrc"],
    why: "Debian's pg_wrapper picks the default cluster (a version and a name) from it, among the installed ones: a version that climbs out of /usr/lib/postgresql ran nothing",
  },
  {
    programs: ["nroff"],
    files: ["~/*.tmac"],
    why: "groff macro files: in groff's safer mode, its default, a macro cannot run a command or open a file (`.sy`, `.pi`, `.open`); `-U`, which lifts it, is on the command line",
  },
  {
    programs: ["whatis", "apropos"],
    files: ["~/.manpath"],
    why: "the manual search path: whatis and apropos read the index databases there and run no program the file defines (DEFINE pager, nroff and others ran nothing)",
  },
  {
    programs: ["jq", "yq"],
    files: ["~/.jq"],
    why: "jq's definitions, loaded before the filter: jq runs no command, and its imports open only `.json` data files the filter's words do not name; the filter and its output are what the policy allowed",
  },
  {
    programs: ["kubectl"],
    files: ["~/.kube/cache/**"],
    why: "kubectl's cache of the API server's discovery documents and HTTP responses: JSON it reads, no program or configuration (as KUBECACHEDIR)",
  },
  {
    programs: ["file", "pytest"],
    files: ["~/.magic", "~/.magic.mgc"],
    why: "libmagic's own patterns (file, and python-magic under pytest): byte tests it matches, no command",
  },
  {
    programs: IPYTHON,
    files: [
      "~/.ipython/profile_default/db",
      "~/.ipython/profile_default/history.sqlite*",
      "~/.ipython/profile_default/log",
      "~/.ipython/profile_default/pid",
      "~/.ipython/profile_default/security",
      "~/.ipython/profile_default/startup/README",
    ],
    why: "IPython's history of typed input (run again only when typed: `%rerun`), its stores, log and kernel connection files, and the startup directory's README (only `*.py` and `*.ipy` there run)",
  },
  {
    programs: ["rustc", "rustdoc", "clippy-driver"],
    files: ["./rustc", "./rustdoc", "./clippy-driver"],
    why: "the program asks whether its own name is a link where it runs; its sysroot comes from its own path (a link `rustc` there left `rustc --print sysroot` as it was, by hand)",
  },
  {
    programs: ["cargo-clippy"],
    files: ["./cargo.toml"],
    why: "the manifest's name in the wrong case: cargo looks for it to say so, and reads only Cargo.toml (a code file, floored by name)",
  },
  { programs: ["clippy-driver"], files: ["./.clippy.toml", "./clippy.toml"], why: "clippy's lint settings (thresholds, names to lint): no command, no file" },
  {
    programs: ["rustfmt"],
    files: ["./", "./notes", "./.rustfmt.toml", "./rustfmt.toml", "~/.config/rustfmt/*", "~/.rustfmt.toml", "~/rustfmt.toml"],
    why: "rustfmt's formatting options (no command; `ignore` leaves files unformatted, so it writes fewer) and the module directory of the file it formats",
  },
  {
    programs: ["pi"],
    files: [
      "./.pi/APPEND_SYSTEM.md",
      "./.pi/SYSTEM.md",
      "./AGENTS.*",
      "./CLAUDE.*",
      "~/.pi/agent/APPEND_SYSTEM.md",
      "~/.pi/agent/SYSTEM.md",
      "~/.pi/agent/AGENTS.*",
      "~/.pi/agent/CLAUDE.*",
      "./.pi/commands",
      "./.pi/prompts",
      "~/.pi/agent/commands",
      "~/.pi/agent/prompts",
      "./.pi/skills",
      "./.agents/skills",
      "~/.agents/skills",
      "~/.pi/agent/skills",
      "./.pi/themes",
      "~/.pi/agent/themes",
    ],
    why: "instructions and prompt templates for the model, skills it may read, and colours: text, no command (what the model then does goes through the nested agent's own tool permissions)",
  },
  {
    programs: ["pi"],
    files: ["~/.pi/agent/keybindings.json", "~/.pi/agent/oauth.json", "~/.pi/agent/auth.json.lock", "~/.pi/agent/sessions/*"],
    why: "Pi's key bindings, its OAuth tokens (sent as they are, never run: only an API key's `!command` runs, and auth.json is floored), its lock and its sessions' messages",
  },
  {
    programs: ["pi"],
    files: ["~/.config/gcloud/application_default_credentials.json"],
    why: "Pi checks that Google's default credentials exist to offer Vertex; an external account's executable in them runs only with GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES=1, a hijack variable",
  },
  { programs: ["pi"], files: ["./.git"], why: "Pi asks git about the repository it runs in: git's configuration and hooks are code files, floored by name" },
  { programs: ["aws"], files: ["~/.aws/models"], why: "aws's custom service models: JSON describing an API's operations, no command" },
  {
    programs: ["pytest"],
    files: ["./.pytest_cache", "./.pytest_cache/v/cache/*", "./pytest-cache-files-*"],
    why: "pytest's cache: the ids of the tests that failed last and of the tests it saw (`--lf` picks among the project's own tests), and its temporary copies of it",
  },
  {
    programs: ["pytest"],
    files: ["./.benchmarks", "./.benchmarks/**", "./notes.txt/conda-meta/history", "./notes.txt/pyvenv.cfg", "./.git", "./.git/HEAD", "./.hg", "./HEAD"],
    why: "pytest-benchmark's stored results and what it reads to describe the run (an environment's marker files, the commit, which it asks git for: git's configuration and hooks are code files, floored by name)",
  },
  { programs: ["wget"], files: ["./index.html", "./-"], why: "wget's default output name, and `-O -` (standard output) checked as a file first" },
  {
    programs: ["wget"],
    files: ["~/.netrc"],
    why: "credentials wget sends to the server the command names; reading one already there is credential-files.ts's",
  },
  { programs: ["wget"], files: ["~/.wget-hsts"], why: "the hosts wget must reach over HTTPS only" },
  {
    programs: ["bzip2", "bunzip2", "zstd", "unzip"],
    files: ["./notes.txt.*"],
    why: "the compressed file's output name, or the archive names unzip tries for its operand: data",
  },
  {
    programs: ["top"],
    files: ["~/.toprc", "~/.config/procps/toprc"],
    why: "top's display settings; its Inspect commands run only when someone presses Y in the interactive display",
  },
  { programs: ["script"], files: ["./typescript"], why: "script's default output name" },
  { programs: ["sqlite3"], files: ["./:memory:"], why: "the name sqlite gives an in-memory database, checked as a file: data" },
  {
    programs: ["initdb", "pg_ctl", "groff"],
    files: ["./initdb", "./pg_ctl", "./groff"],
    why: "the program looks for its own executable to find where it is installed: a copy written here does not change where the one run from PATH looks (a postgres written beside a copied initdb ran nothing)",
  },
  // Found running the everyday arguments (data/everyday-arguments.ts).
  {
    programs: ["git"],
    files: ["./.git/**", "./HEAD"],
    why: "git's own repository files, which `git init` makes and reads back: what git runs from there (its configuration, its hooks) is floored by name (GIT_CONFIGURATION_AND_HOOKS); the rest is data (HEAD, refs, packed-refs, description), hook samples git never runs, a `commondir` whose repository's own configuration is floored by name, and names git makes to test the file system",
  },
  { programs: ["gpg"], files: ["~/.gnupg/trustdb.gpg*"], why: "gpg's trust database and its lock: keys' trust levels, no options" },
  { programs: ["make", "gmake"], files: ["./all"], why: "a target's name, looked up as a file: make runs the makefile's recipe for it, not the file" },
  {
    programs: ["man"],
    files: ["~/*.tmac", "~/man.local"],
    why: "groff macro files (man.local is the man macros' local one): in groff's safer mode, its default, a macro cannot run a command or open a file; man passes no -U",
  },
  {
    programs: ["npm"],
    files: ["./node_modules/.store"],
    why: "the store a package manager links packages from: the packages' code, which `npm install` runs anyway",
  },
  {
    programs: ["pip", "pip3"],
    files: ["~/.cache", "~/.cache/pip"],
    why: "pip's HTTP and wheel cache: a wheel installs without running code (its modules run when a later command imports them), and `pip install` of a source package runs its build anyway",
  },
  {
    programs: ["terraform"],
    files: ["./.terraform/plugins/*", "./terraform.d/plugins/*"],
    inside: "terraform-provider-x",
    why: "terraform's provider directories in the working directory: it runs the `terraform-provider-*` programs in them",
  },
  {
    programs: ["terraform"],
    files: [
      "./.terraform/plugin_path",
      "./.terraform/modules/modules.json",
      "./.terraform/terraform.tfstate",
      "./.terraform/environment",
      "./terraform.tfvars*",
    ],
    why: "terraform's record of its plugin directories (whose providers are floored by name), its modules (whose `*.tf` are), its state, its workspace's name and the variables' values: data the configuration, floored by name, uses",
  },
  {
    programs: ["gcloud", "gsutil"],
    files: ["~/.config/gcloud/gce", "~/.config/gcloud/.last_survey_prompt.yaml"],
    why: "gcloud's cache of whether it runs on Compute Engine, and when it last asked for a survey",
  },
  {
    programs: ["mvn"],
    files: ["./.mvn"],
    inside: "jvm.config",
    why: "Maven's project directory: its jvm.config, maven.config and extensions.xml load code or name it",
  },
  // Ruby's and PHP's (the discovery, once they were installed).
  {
    programs: RUBIES,
    files: ["~/.local/share/gem/ruby/*/specifications", "~/.gem"],
    inside: "x-1.gemspec",
    why: "the user's gem directories: a gem's specification is Ruby, evaluated when RubyGems looks a gem up (`gem list` ran one: a real run; RUBY_CODE)",
  },
  {
    programs: RUBIES,
    files: ["~/.local/share/gem/ruby/*"],
    inside: "specifications/x-1.gemspec",
    why: "the user's gem home: its specifications are Ruby (RUBY_CODE)",
  },
  {
    programs: RUBIES,
    files: ["~/.local/share/gem/ruby/*/plugins"],
    inside: "x_plugin.rb",
    why: "RubyGems's plugins: it loads every `*_plugin.rb` there at each gem command (RUBY_CODE)",
  },
  { programs: RUBIES, files: ["~/.gem/specs"], why: "the cache of the remote gem indexes, read when gem fetches from a source" },
  { programs: ["rake"], files: ["~/.rake"], inside: "x.rake", why: "rake's global rakefiles (`rake -g`): `*.rake`, Ruby (RUBY_CODE)" },
  { programs: ["bundle", "bundler"], files: ["./.bundle"], inside: "config", why: "the application's bundler settings, which may name another Gemfile" },
  {
    programs: ["bundle", "bundler"],
    files: ["./bundler-*"],
    why: "`bundle NAME` looks for a `bundler-NAME` as given, then execs the bare name through PATH (ENOENT for one only in the working directory: a real run); a write on PATH floors every run (split/path-shadow.ts)",
  },
  {
    programs: ["composer"],
    files: ["~/.cache", "~/.cache/composer", "~/.local", "~/.local/share", "~/.local/share/composer", "~/.config", "~/.composer"],
    why: "the directories composer picks its home, cache and data directories from (the files it reads in its home are floored by name: config.json, composer.json)",
  },
  {
    programs: ["composer"],
    files: ["~/.config/composer"],
    inside: "config.json",
    why: "composer's home: its config.json moves where it installs (`vendor-dir`, `bin-dir`)",
  },
  {
    programs: ["pipenv"],
    files: ["./Pipfile"],
    why: "the project's packages and their sources (as a requirements file is: what pip installs), and scripts only `pipenv run` runs, which asks",
  },
  { programs: ["composer"], files: ["~/**/.htaccess"], why: "the `Deny from all` file composer writes into its directories, for a web server" },
];
