/**
 * knowledge/variables.ts as a table (issue 37): environment variables whose
 * value changes what a command runs.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("variables", [
  { command: "FOO=1 ls", want: "allow", why: "FOO changes nothing" },
  { command: "PATH=. ls", want: "ask", why: "PATH changes which ls runs" },
  { command: "LD_PRELOAD=x.so ls", want: "ask", why: "LD_PRELOAD loads code into ls" },
  { command: "GIT_SSH_COMMAND='rm x' git fetch", want: "deny", why: "GIT_SSH_COMMAND is a command git runs" },
  { command: "PAGER='rm x' git log", want: "deny", why: "PAGER is a command git runs" },
  {
    command: "PERF_EXEC_PATH=./bin perf stat make",
    want: "ask",
    why: "perf puts PERF_EXEC_PATH first on the command's PATH (strace: /usr/lib/perf-core/make tried before PATH)",
  },
  { command: "PERF_CONFIG=x.cfg perf stat make", want: "ask", why: "PERF_CONFIG names perf's configuration (a pager, clang)" },
  { command: "BASH_ENV=x.sh bash -c ls", want: "ask", why: "BASH_ENV is a file bash runs first" },
  { command: "XZ_OPT='-S .bak' xz notes.txt", want: "ask", why: "xz reads options from XZ_OPT: -S makes it write notes.txt.bak" },
  { command: "export XZ_DEFAULTS='-S .bak'; xz notes.txt", want: "ask", why: "the same from XZ_DEFAULTS, exported" },
  { command: "XZ_OPT='-S .env' xz notes.txt", want: "deny", why: "the value, a word *.env names, is a file the program may open too" },
  { command: "GZIP=-9 tar czf o.tgz src", want: "ask", why: "gzip reads options from GZIP (an older gzip takes -S there)" },
  { command: "xz notes.txt", want: "allow", why: "no options from the environment: notes.txt.xz is written" },
  { command: "PGSYSCONFDIR='|rm x' psql", want: "ask", why: "pg_wrapper opens files under it with Perl's two-argument open, which runs a `|` command" },
  { command: "PGCLUSTER=15/main psql", want: "ask", why: "pg_wrapper reads the cluster's configuration from the directories it names" },
  { command: "GREP=rm zgrep x notes.txt", want: "deny", why: "zgrep evals $GREP as its grep: the value is judged as the command it is" },
  { command: "GREP='grep -i' zgrep x notes.txt", want: "ask", why: "a command variable floors even when its command is allowed" },
  { command: "DIFF=rm zdiff a.gz b.gz", want: "deny", why: "zdiff evals $DIFF (zcmp $CMP) as its diff" },
  { command: "CLOUDSDK_PYTHON=rm gcloud info", want: "deny", why: "gcloud's launcher execs $CLOUDSDK_PYTHON" },
  { command: "CLOUDSDK_PYTHON_ARGS=-c gcloud info", want: "ask", why: "the launcher hands its Python these options (-c CODE)" },
  { command: "ZIP=-9 zip a.zip notes.txt", want: "ask", why: "zip reads options from ZIP as from ZIPOPT (-TT cmd runs cmd)" },
  { command: "zip -9 a.zip notes.txt", want: "allow", why: "no options from the environment" },
  { command: "TCL_LIBRARY=tl tclsh", want: "ask", why: "Tcl sources TCL_LIBRARY/init.tcl at start-up" },
  { command: "VALGRIND_LIB=vl valgrind true", want: "ask", why: "valgrind execs its tool from VALGRIND_LIB" },
  { command: "GST_PLUGIN_PATH_1_0=plugins gst-inspect-1.0", want: "ask", why: "a plugin directory: its shared objects load into the program" },
  { command: "NSPR_LOG_MODULES=all:5 firefox", want: "allow", why: "a list of log modules, not a directory" },
  {
    command: "CLOUDSDK_CONFIG=cfg gcloud info",
    want: "ask",
    why: "gcloud's launcher sources CLOUDSDK_CONFIG/virtenv/bin/activate (an install without its bundled Python)",
  },
  { command: "XDG_DATA_DIRS=share xdg-open notes.txt", want: "ask", why: "the applications there name the command (Exec=) that opens the file" },
  { command: "GROFF_FONT_PATH=font man ls", want: "ask", why: "groff runs the postprocessor its fonts' DESC file names" },
  {
    command: "PREFIX=~/.local make install",
    want: "allow",
    why: "PREFIX is reviewed (hunt/data/reviewed-variables.ts): npx runs the project's node_modules/.bin first anyway",
  },
  { command: "TERMINFO=ti less notes.txt", want: "allow", why: "terminal capability entries are data (reviewed: hunt/data/reviewed-variables.ts)" },
  // Found by the Go programs' discovery (hunt/go-env-reads.ts: gdb at syscall.Getenv).
  { command: "GCCGO=rm go build -compiler=gccgo ./...", want: "deny", why: "go build runs $GCCGO as its compiler (strace: execve of rm)" },
  { command: "GH_CONFIG_DIR=d gh pr list", want: "ask", why: "gh's configuration holds aliases that run shell commands (`x: '!rm victim'`)" },
  { command: "CONTAINERS_CONF=c.conf podman info", want: "ask", why: "containers.conf names the OCI runtime podman runs" },
  { command: "CONTAINERS_STORAGE_CONF=s.conf podman info", want: "ask", why: "storage.conf names a mount program" },
  { command: "TF_CLI_ARGS=-auto-approve terraform apply", want: "ask", why: "terraform reads options from TF_CLI_ARGS" },
  { command: "TF_CLI_ARGS_apply=-auto-approve terraform apply", want: "ask", why: "and from TF_CLI_ARGS_<subcommand>" },
  { command: "TF_DATA_DIR=d terraform plan", want: "ask", why: "terraform runs the providers installed under its data directory" },
  { command: "TF_LOG=info terraform plan", want: "allow", why: "a log level changes nothing terraform runs" },
  { command: "NVCC_CCBIN=rm nvcc -c k.cu", want: "deny", why: "nvcc runs $NVCC_CCBIN as its host compiler (strace: execve of rm)" },
  {
    command: "NVCC_PREPEND_FLAGS='-ccbin=g++-12' nvcc -c k.cu",
    want: "ask",
    why: "nvcc reads options from NVCC_PREPEND_FLAGS (-ccbin names the compiler it runs)",
  },
  { command: "NVCC_APPEND_FLAGS=-lineinfo nvcc -c k.cu", want: "ask", why: "and from NVCC_APPEND_FLAGS" },
  { command: "KUBECACHEDIR=cache kubectl get pods", want: "allow", why: "kubectl's discovery cache is data (reviewed: hunt/data/reviewed-variables.ts)" },
]);
