/**
 * Everyday programs with an option or operand that runs a command or
 * reads code: archivers, transfer and remote tools, pagers, editors, sort,
 * container and cluster clients. Only what matters is listed; other options
 * are taken as flags (`unknown: "flag"`), and their operands may be paths.
 */
import { NO_EXTRACT } from "./extractors.js";
import type { Meaning, OptionSpec, ProgramRecord, Subcommand } from "../program-record.js";
import { recordGroup } from "./record-group.js";
import { ANY_CODE, EDITOR_START_UP, KUBECONFIG_FILES, PAGER_START_UP, PYTHON_START_UP, SSH_CONFIGURATION } from "./implicit-code.js";
import { KUBE_CREDENTIALS, SYSTEM_DATABASES } from "./credential-files.js";

/** GNU getopt_long and argp accept any unique prefix of a long option (`tar --to-comm=…`). */
const some = { unknown: "flag", permute: true, abbreviations: true } as const;
/**
 * su and runuser: `-c CMD` runs CMD in the user's shell, and then the other
 * operands are the user name and the shell's arguments; without it the shell
 * runs with no command and reads one from its input (`echo 'rm x' | su root`).
 * `-s PROG` is the program run as that shell (`su --shell=/bin/rm root`).
 */
const SU_COMMAND: OptionSpec = { means: "shell", operands: ["value"] };
const SU_SHELL_ON_INPUT = { unsure: "su and runuser without -c run a shell that reads its commands from its input" } as const;
const remote = (what: string) => ({ changed: what }) as const;
/** man's `-l`: its operands are files it reads, not page names. */
const LOCAL_FILES: OptionSpec = { means: "flag", operands: ["read"] };
/** `man -C FILE`: a man-db configuration, whose `DEFINE pager CMD` names the program man pages with (`DEFINE pager rm x` ran rm). */
const MAN_CONFIGURATION: OptionSpec = {
  means: { unsure: "man -C reads a configuration whose DEFINE lines name the programs man runs", reads: true },
  takes: "value",
};

const SSH_SHORT: Record<string, OptionSpec | Meaning> = {
  "4": "flag",
  "6": "flag",
  A: "flag",
  a: "flag",
  C: "flag",
  f: "flag",
  G: "flag",
  g: "flag",
  K: "flag",
  k: "flag",
  M: "flag",
  N: "flag",
  n: "flag",
  q: "flag",
  s: "flag",
  T: "flag",
  t: "flag",
  V: "flag",
  v: "flag",
  X: "flag",
  x: "flag",
  Y: "flag",
  y: "flag",
  B: "value",
  b: "value",
  c: "value",
  D: "value",
  E: "write",
  e: "value",
  I: "value",
  i: "read",
  // ProxyJump: ssh pastes the jump host into a command line its shell runs (`sftp -J '|rm x' h` ran rm under strace).
  J: { means: { unsure: "ssh pastes a jump host into a command line its shell runs (ProxyJump)" }, takes: "value" },
  L: "value",
  l: "value",
  m: "value",
  O: "value",
  o: { keyed: "ssh-option" },
  p: "value",
  Q: "value",
  R: "value",
  S: "value",
  W: "value",
  w: "value",
  F: { unsure: "an ssh config file can run commands (ProxyCommand, LocalCommand)" },
};

/** Compose subcommands that run nothing and read no compose file's secrets: listing, logs, stopping. */
const COMPOSE_QUIET = ["ps", "ls", "logs", "top", "images", "version", "stop", "down", "kill", "rm", "pause", "unpause", "port", "events"];

/**
 * `docker compose …`: the services, their commands, host mounts and the
 * `.env` they read are in files permc does not read (`config` prints them
 * with `.env`'s values), so every other subcommand is floored.
 */
const COMPOSE: Subcommand = {
  options: { unknown: "flag", permute: false },
  operands: ["value"],
  subcommands: Object.fromEntries(
    COMPOSE_QUIET.map((name) => [name, { options: { unknown: "flag", permute: true }, operands: ["value"] } satisfies Subcommand]),
  ),
  otherSubcommands: {
    always: { unsure: "docker compose runs or prints the services a compose file describes (commands, host mounts, .env values), which permc does not read" },
  },
};

/** `docker run|exec|create`, also under `docker container`. */
/** `docker build -o DEST` (or `type=local,dest=DIR`) writes the image's files there. */
const DOCKER_OUTPUT: OptionSpec = { means: { unsure: "docker build --output writes the build's files where its value says" }, takes: "value" };

const CONTAINER_RUNNERS: Readonly<Record<string, Subcommand>> = {
  run: { always: { unsure: "runs a command in a container, which may see this machine's files" } },
  exec: { always: { unsure: "runs a command in a container" } },
  create: { always: { unsure: "creates a container that runs a command" } },
};

/** A kubeconfig names programs kubectl runs for credentials (`users[].user.exec`). */
const KUBECONFIG: OptionSpec = { means: { unsure: "a kubeconfig can name programs kubectl runs for credentials (exec plugins)" }, takes: "value" };
const KUBECTL_SHORT: Readonly<Record<string, OptionSpec | Meaning>> = { n: "value", s: "value", v: "value", h: "flag" };
const KUBECTL_LONG: Readonly<Record<string, OptionSpec | Meaning>> = {
  namespace: "value",
  context: "value",
  cluster: "value",
  user: "value",
  server: "value",
  token: "value",
  as: "value",
  "as-group": "value",
  "as-uid": "value",
  username: "value",
  password: "value",
  "request-timeout": "value",
  "cache-dir": "path",
  "certificate-authority": "read",
  "client-certificate": "read",
  "client-key": "read",
  "tls-server-name": "value",
  "insecure-skip-tls-verify": "flag",
  "match-server-version": "flag",
  "warnings-as-errors": "flag",
  "disable-compression": "flag",
  "log-flush-frequency": "value",
  v: "value",
  help: "flag",
  kubeconfig: KUBECONFIG,
};

/** ripgrep's options that take a value (in the next word or after `=`); the others are flags. */
const RG_VALUES = [
  "after-context",
  "before-context",
  "context",
  "regexp",
  "glob",
  "iglob",
  "max-count",
  "max-columns",
  "type",
  "type-not",
  "type-add",
  "type-clear",
  "threads",
  "encoding",
  "replace",
  "max-depth",
  "maxdepth",
  "max-filesize",
  "color",
  "colors",
  "sort",
  "sortr",
  "path-separator",
  "context-separator",
  "field-match-separator",
  "field-context-separator",
  "hyperlink-format",
  "engine",
  "dfa-size-limit",
  "regex-size-limit",
  "pre-glob",
  "generate",
] as const;

export const TOOLS = recordGroup((): readonly ProgramRecord[] => [
  {
    // `rg --pre CMD` runs CMD on every file it searches; `--hostname-bin` runs a program. The first operand is the pattern.
    names: ["rg"],
    walkConfigurable: true,
    options: {
      unknown: "flag",
      permute: true,
      short: {
        A: "value",
        B: "value",
        C: "value",
        e: "value",
        f: "read",
        g: "value",
        m: "value",
        M: "value",
        t: "value",
        T: "value",
        j: "value",
        E: "value",
        r: "value",
        d: "value",
      },
      long: {
        ...Object.fromEntries(RG_VALUES.map((name) => [name, "value"])),
        file: "read",
        "ignore-file": "read",
        pre: { means: { unsure: "rg --pre runs a program on every file it searches" }, takes: "value" },
        "hostname-bin": { means: { unsure: "rg --hostname-bin runs a program" }, takes: "value" },
      },
    },
    operands: ["value", "path"],
  },
  {
    // watchexec runs its command, through a shell by default, each time files change.
    names: ["watchexec"],
    always: { unsure: "watchexec runs its command through a shell when files change" },
  },
  {
    names: ["tar", "gtar", "bsdtar"],
    options: {
      ...some,
      oldStyle: true,
      short: {
        x: "extract",
        t: NO_EXTRACT,
        O: NO_EXTRACT,
        C: "chdir",
        f: "archive",
        // GNU tar's -P keeps absolute names; bsdtar's -s renames (GNU's -s only keeps the order: refused alike).
        P: { means: "flag", inexactMembers: true },
        s: { means: "flag", inexactMembers: true },
        // Past the end-of-archive blocks (members permc does not read); incremental extraction deletes what a dump lacks.
        i: { means: "flag", inexactMembers: true },
        G: { means: "flag", inexactMembers: true },
        T: "names-file",
        X: "read",
        I: "shell",
        F: "shell",
        g: { means: "path", inexactMembers: true },
        K: "value",
        L: "value",
        N: "value",
        b: "value",
        H: "value",
        V: "value",
      },
      long: {
        "to-command": "shell",
        "use-compress-program": "shell",
        "rsh-command": "shell",
        // GNU tar hands these to `sh -c` (tried: `-F 'echo $((1+1))'` prints 2).
        "info-script": "shell",
        "new-volume-script": "shell",
        "checkpoint-action": { unsure: "tar --checkpoint-action can run a command" },
        extract: "extract",
        get: "extract",
        list: NO_EXTRACT,
        "to-stdout": NO_EXTRACT,
        directory: "chdir",
        file: "archive",
        "absolute-names": { means: "flag", inexactMembers: true },
        "strip-components": { means: "value", inexactMembers: true },
        strip: { means: "value", inexactMembers: true },
        xform: { means: "value", inexactMembers: true },
        // Removes what is under a member directory first: more than the names it writes.
        "recursive-unlink": { means: "flag", inexactMembers: true },
        // Into a directory named after the archive; backups of overwritten files (`x~`).
        "one-top-level": { means: "flag", inexactMembers: true },
        backup: { means: "flag", inexactMembers: true },
        suffix: { means: "value", inexactMembers: true },
        "files-from": "names-file",
        "exclude-from": "read",
        "listed-incremental": { means: "path", inexactMembers: true },
        incremental: { means: "flag", inexactMembers: true },
        "ignore-zeros": { means: "flag", inexactMembers: true },
        "index-file": "write",
        "volno-file": "path",
        format: "value",
        owner: "value",
        group: "value",
        mode: "value",
        mtime: "value",
        transform: { means: "value", inexactMembers: true },
      },
    },
  },
  {
    names: ["rsync"],
    // Over ssh (a remote source or destination): ssh's configuration, whose ProxyCommand it runs (SSH_CONFIGURATION).
    runsImplicitly: SSH_CONFIGURATION,
    options: {
      ...some,
      // `-T DIR`/`--temp-dir`: where rsync makes the temporary copy of each file; `--partial-dir`: where it keeps partial ones.
      short: { e: "shell", T: "write-dir", B: "value", f: "value" },
      long: {
        rsh: "shell",
        "rsync-path": "shell",
        "files-from": "names-file",
        "exclude-from": "read",
        "include-from": "read",
        "password-file": "read",
        "log-file": "write",
        "write-batch": "write",
        "read-batch": "read",
        "only-write-batch": "write",
        "temp-dir": "write-dir",
        "partial-dir": "write-dir",
        "compare-dest": "path",
        "copy-dest": "path",
        "link-dest": "path",
        "backup-dir": "path",
        filter: "value",
        exclude: "value",
        include: "value",
        chmod: "value",
        chown: "value",
        usermap: "value",
        groupmap: "value",
      },
    },
  },
  {
    names: ["ssh", "autossh", "slogin"],
    runsImplicitly: SSH_CONFIGURATION,
    floor: { unsure: "ssh runs commands on another host" },
    options: { short: SSH_SHORT },
    operands: ["value", "shell-rest"],
  },
  {
    names: ["scp"],
    runsImplicitly: SSH_CONFIGURATION,
    options: {
      short: { ...SSH_SHORT, S: "shell", r: "flag", p: "flag", R: "flag", O: "flag", 3: "flag", P: "value", D: "value", s: "flag", l: "value", b: "read" },
    },
  },
  // sftp runs the commands of a batch file (-b) or of its input; `!cmd` among them runs a local shell.
  {
    names: ["sftp"],
    runsImplicitly: SSH_CONFIGURATION,
    options: {
      short: {
        ...SSH_SHORT,
        S: "shell",
        r: "flag",
        p: "flag",
        R: "value",
        O: "flag",
        3: "flag",
        P: "value",
        // `-D SERVER`: sftp runs this command line (split into words) as its server instead of ssh.
        D: "shell",
        s: "value",
        l: "value",
        B: "value",
        N: "flag",
        b: { code: "sftp batch commands (`!` runs a shell)" },
      },
    },
    stdin: { code: "sftp commands (`!` runs a shell)" },
  },
  {
    names: ["man", "woman"],
    // Its pager is less, with less's start-up files; man-db's ~/.manpath names the programs it formats and pages with
    // (`DEFINE nroff rm victim` ran rm for `man ls`, found by the start-up files discovery), as the system's
    // /etc/manpath.config does.
    runsImplicitly: [...PAGER_START_UP, ".manpath", "manpath.config"],
    options: {
      ...some,
      // `-l`, `--local-file`: the operands are files to format, not page names.
      short: { P: "shell", H: "shell", C: MAN_CONFIGURATION, M: "value", m: "value", L: "value", S: "value", s: "value", e: "value", l: LOCAL_FILES },
      long: {
        pager: "shell",
        html: { means: "shell", takes: "attached" },
        "config-file": MAN_CONFIGURATION,
        manpath: "value",
        locale: "value",
        sections: "value",
        extension: "value",
        systems: "value",
        "local-file": LOCAL_FILES,
        preprocessor: "value",
      },
    },
    operands: ["value"],
  },
  {
    names: ["less", "more", "most", "pg"],
    // A lesskey file sets LESSOPEN (an input preprocessor less runs); Debian's lesspipe runs ~/.lessfilter.
    runsImplicitly: PAGER_START_UP,
    options: {
      ...some,
      plus: { unsure: "a + option runs a pager command (`!` runs a shell)" },
      short: {
        k: { unsure: "a lesskey file can bind commands" },
        o: "write",
        O: "write",
        t: "value",
        T: "read",
        b: "value",
        h: "value",
        j: "value",
        p: "value",
        P: "value",
        x: "value",
        y: "value",
        z: "value",
        "#": "value",
      },
      long: {
        lesskey: { unsure: "a lesskey file can bind commands" },
        "lesskey-src": { unsure: "a lesskey file can bind commands" },
        "log-file": "write",
        "LOG-FILE": "write",
        "tag-file": "read",
      },
    },
    operands: ["read"],
  },
  {
    // Debian installs vim under the name of its build too (`vim.basic`, `vim.tiny`, `vim.nox`, `vim.gtk3`).
    names: [
      "vim",
      "vi",
      "nvim",
      "ex",
      "view",
      "vimdiff",
      "gvim",
      "rvim",
      "rview",
      "vimx",
      "evim",
      "nvi",
      "elvis",
      "vile",
      "vim.basic",
      "vim.tiny",
      "vim.nox",
      "vim.gtk",
      "vim.gtk3",
      "vim.athena",
    ],
    // Their start-up files and plugins: `echo ':!rm victim' > ~/.exrc && vi notes.txt` ran rm (the hunt's sandbox).
    runsImplicitly: EDITOR_START_UP,
    analyser: "editor-bang",
    options: {
      ...some,
      plus: { code: "Vim commands" },
      short: {
        c: { code: "Vim commands" },
        S: { code: "Vim script" },
        s: { code: "Vim commands" },
        u: { code: "Vim script" },
        U: "read",
        i: "read",
        w: "write",
        W: "write",
        T: "value",
        r: "flag",
        t: "value",
        q: "read",
        o: { means: "flag", takes: "attached" },
        O: { means: "flag", takes: "attached" },
        p: { means: "flag", takes: "attached" },
      },
      long: {
        cmd: { code: "Vim commands" },
        startuptime: "write",
        clean: "flag",
        servername: "value",
        remote: { unsure: "vim --remote" },
        "remote-send": { code: "Vim commands" },
        "remote-expr": { code: "Vim expression" },
      },
    },
    operands: ["path"],
    stdin: { code: "Vim commands" },
  },
  { names: ["emacs", "emacsclient", "xemacs"], always: { code: "Emacs Lisp" } },
  // `ed '!cmd'` edits what a shell's run of cmd prints (real ed under strace); red, the restricted ed, refuses it.
  { names: ["ed"], operands: ["path-or-command"], stdin: { code: "ed commands (`!` runs a shell)" } },
  { names: ["red"], operands: ["path"], stdin: { code: "ed commands (`!` runs a shell)" } },
  // `--files0-from=F`: the files to count are named in F.
  { names: ["wc"], options: { ...some, long: { "files0-from": "names-file" } }, operands: ["read"] },
  // `file -f LIST` opens every file LIST names (and reports what it holds: "OpenSSH private key").
  {
    names: ["file"],
    options: {
      ...some,
      short: { f: "names-file", m: "read", e: "value", F: "value", P: "value" },
      long: { "files-from": "names-file", "magic-file": "read", exclude: "value", "exclude-quiet": "value", separator: "value", parameter: "value" },
    },
    operands: ["read"],
  },
  {
    names: ["du"],
    options: { ...some, short: { X: "read", B: "value", d: "value", t: "value" }, long: { "files0-from": "names-file", "exclude-from": "read" } },
    operands: ["read"],
  },
  {
    names: ["sort"],
    options: {
      ...some,
      // `-T DIR`: the temporary files of a sort larger than its buffer are made in DIR (strace: `DIR/sortXXXXXX`, O_CREAT).
      short: { o: "write", T: "write-dir", k: "value", t: "value", S: "value" },
      long: {
        "compress-program": "shell",
        output: "write",
        "temporary-directory": "write-dir",
        "files0-from": "names-file",
        key: "value",
        "field-separator": "value",
        "buffer-size": "value",
        parallel: "value",
        "random-source": "read",
        sort: "value",
        batch: "value",
      },
    },
    operands: ["read"],
  },
  // zip's multi-letter options are single-dash words: -TT names the command that tests the archive.
  {
    names: ["zip"],
    options: {
      ...some,
      singleDashLong: true,
      abbreviations: true,
      short: {
        T: "flag",
        b: "path",
        i: "value",
        x: "value",
        n: "value",
        t: "value",
        P: "value",
        e: "flag",
        O: "write",
        A: "flag",
        Z: "value",
        s: "value",
        "@": "names-input",
      },
      long: {
        TT: "shell",
        sc: "flag",
        sd: "flag",
        so: "flag",
        sf: "flag",
        su: "flag",
        sU: "flag",
        sv: "flag",
        db: "flag",
        dc: "flag",
        dd: "flag",
        dg: "flag",
        ds: "value",
        du: "flag",
        dv: "flag",
        df: "flag",
        FF: "flag",
        FS: "flag",
        MM: "flag",
        AC: "flag",
        AS: "flag",
        nw: "flag",
        lf: "write",
        la: "flag",
        li: "flag",
        ll: "flag",
        UN: "value",
        ws: "flag",
        tt: "value",
        ic: "flag",
        "unzip-command": "shell",
        "temp-path": "path",
        out: "write",
        include: "value",
        exclude: "value",
        suffixes: "value",
        password: "value",
        "compression-method": "value",
        "split-size": "value",
      },
    },
  },
  {
    names: ["nodemon"],
    // nodemon.json's `exec` and `events`, and package.json's `nodemonConfig` and start script, are commands it runs.
    runsImplicitly: ANY_CODE,
    options: {
      ...some,
      short: { x: "shell", w: "value", e: "value", i: "value", d: "value", V: "flag" },
      long: {
        exec: "shell",
        watch: "value",
        ext: "value",
        ignore: "value",
        delay: "value",
        config: { unsure: "a nodemon config file can name commands" },
        signal: "value",
      },
    },
    operands: ["script", "value"],
  },
  {
    names: ["docker", "podman", "nerdctl"],
    // The CLI runs its plugins (`docker-NAME` under ~/.docker/cli-plugins or a directory config.json's
    // cliPluginsExtraDirs names) to list and run them: a plugin or a configuration the same command writes ran rm
    // (the hunt's sandbox); podman's and nerdctl's configuration name the programs they run. `docker build` runs the
    // Dockerfile it finds (its RUN lines, with the build context, whose files a COPY and the build's output may show).
    runsImplicitly: ["docker-*", "config.json", "containers.conf", "nerdctl.toml", "Dockerfile", "dockerfile", "Containerfile", "Dockerfile.*", "*.Dockerfile"],
    // Global options before the subcommand take values (`docker -H tcp://x run …`): an unlisted one may hide the subcommand.
    options: {
      unknown: "unsure",
      permute: false,
      short: { H: "value", c: "value", l: "value", D: "flag", v: "flag", h: "flag" },
      long: {
        host: "value",
        context: "value",
        "log-level": "value",
        debug: "flag",
        tls: "flag",
        tlsverify: "flag",
        tlscacert: "read",
        tlscert: "read",
        tlskey: "read",
        version: "flag",
        help: "flag",
        config: { means: { unsure: "a docker configuration directory names credential helper programs docker runs" }, takes: "value" },
      },
    },
    operands: ["value"],
    subcommands: {
      ...CONTAINER_RUNNERS,
      container: { operands: ["value"], subcommands: CONTAINER_RUNNERS },
      compose: COMPOSE,
      // A build's exported files and a copy out of a container land where their destination says.
      build: { options: { unknown: "flag", permute: true, short: { o: DOCKER_OUTPUT }, long: { output: DOCKER_OUTPUT } }, operands: ["value"] },
      cp: { always: { unsure: "docker cp copies files between a container and this machine" } },
    },
  },
  // docker-compose 1 (Debian's package) and podman-compose are Python: the user site's start-up files run first.
  { names: ["docker-compose", "podman-compose"], ...COMPOSE, runsImplicitly: PYTHON_START_UP },
  {
    names: ["kubectl", "oc"],
    // A kubeconfig's exec credential plugin runs before kubectl reaches any server: `… > ~/.kube/config && kubectl get
    // pods` ran the `rm victim` it named (the hunt's sandbox).
    runsImplicitly: KUBECONFIG_FILES,
    // Global options before the subcommand take values (`kubectl -n ns exec pod -- CMD`): an unlisted one may hide the subcommand.
    options: { unknown: "unsure", permute: false, short: KUBECTL_SHORT, long: KUBECTL_LONG },
    operands: ["value"],
    subcommands: {
      exec: { always: { unsure: "runs a command in a pod" } },
      run: { always: { unsure: "runs a command in a pod" } },
      debug: { always: { unsure: "runs a command in a pod" } },
      attach: { always: { unsure: "attaches to a running container" } },
      "port-forward": { operands: ["value"] },
      // `kubectl cp ns/pod:/x.sh x.sh && bash x.sh`: a file or tree from a pod lands under the last operand.
      cp: { options: { unknown: "flag", permute: true, long: { kubeconfig: KUBECONFIG } }, copiesIntoLastOperand: "trees" },
      // Credentials with an exec plugin are a program a later kubectl runs (`--exec-command`, `users.x.exec.command`).
      config: {
        options: { unknown: "flag", permute: true, long: { kubeconfig: KUBECONFIG } },
        operands: ["value"],
        subcommands: {
          "set-credentials": { always: { unsure: "kubectl config set-credentials can name a program later kubectl commands run (exec plugins)" } },
          set: { always: { unsure: "kubectl config set can name a program later kubectl commands run (users.NAME.exec.command)" } },
          // With `--raw`, the keys and tokens of the kubeconfig.
          view: { options: { unknown: "flag", permute: true, long: { kubeconfig: KUBECONFIG } }, operands: ["value"], readsImplicitly: KUBE_CREDENTIALS },
        },
      },
    },
    // Every other subcommand reads the global options anywhere (`kubectl get pods --kubeconfig ./k`).
    otherSubcommands: { options: { unknown: "flag", permute: true, long: { kubeconfig: KUBECONFIG } }, operands: ["value"] },
  },
  // `getent passwd` prints the system database's file.
  {
    names: ["getent"],
    options: { unknown: "flag", permute: true, short: { s: "value" }, long: { service: "value" } },
    operands: ["value"],
    readsImplicitly: SYSTEM_DATABASES,
  },
  { names: ["socat"], always: { unsure: "socat addresses can run programs (EXEC:, SYSTEM:)" } },
  {
    names: ["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd"],
    options: { ...some, short: { e: "shell", c: "shell" }, long: { exec: "shell", "sh-exec": "shell", "lua-exec": { code: "Lua" } } },
    operands: ["value"],
  },
  {
    names: ["xdg-open", "open", "gio", "kde-open", "gnome-open", "sensible-browser", "x-www-browser", "www-browser"],
    always: { unsure: "opens a file or URL with whatever program is configured" },
  },
  { names: ["busybox", "toybox"], operands: ["argv"] },
  { names: ["sg"], runs: remote("runs the command as another group through sh -c"), operands: ["value", "shell-rest"] },
  {
    names: ["su"],
    runs: remote("runs the command as another user"),
    options: {
      ...some,
      short: { c: SU_COMMAND, C: SU_COMMAND, s: "program", g: "value", G: "value", w: "value", l: "flag", m: "flag", p: "flag", P: "flag", f: "flag" },
      long: {
        command: SU_COMMAND,
        "session-command": SU_COMMAND,
        shell: "program",
        group: "value",
        "supp-group": "value",
        "whitelist-environment": "value",
        login: "flag",
        pty: "flag",
      },
    },
    operands: [SU_SHELL_ON_INPUT],
    bare: SU_SHELL_ON_INPUT,
  },
  {
    names: ["runuser"],
    runs: remote("runs the command as another user"),
    options: {
      // Options after the user name are read too (`runuser -l root -c CMD`), and what is left goes to the shell, as with su.
      permute: true,
      short: {
        u: { means: "value", operands: ["argv"] },
        c: SU_COMMAND,
        g: "value",
        G: "value",
        s: "program",
        w: "value",
        l: "flag",
        m: "flag",
        p: "flag",
        f: "flag",
        P: "flag",
      },
      long: {
        user: { means: "value", operands: ["argv"] },
        command: SU_COMMAND,
        "session-command": SU_COMMAND,
        group: "value",
        "supp-group": "value",
        shell: "program",
        "whitelist-environment": "value",
        login: "flag",
        pty: "flag",
      },
    },
    operands: [SU_SHELL_ON_INPUT],
    bare: SU_SHELL_ON_INPUT,
  },
  {
    names: ["ssh-agent", "dbus-launch"],
    options: {
      unknown: "flag",
      permute: false,
      short: { a: "value", E: "value", P: "value", t: "value", c: "flag", s: "flag", d: "flag", D: "flag", k: "flag" },
    },
    operands: ["argv"],
  },
  // ssh-keygen reads and writes `~/.ssh/id_*` unless `-f` names the file, and takes the file's name on its input
  // when asked (`ssh-keygen -q -N "" <<<$'\ny'` overwrote `~/.ssh/id_rsa`: a review with real runs, in a namespace).
  {
    names: ["ssh-keygen"],
    floorUnless: {
      options: ["-f"],
      unsure: "ssh-keygen reads and writes the keys in ~/.ssh unless -f names the file, and may read the file's name from its input",
    },
    options: { unknown: "flag", short: { f: "write" } },
  },
  { names: ["sshpass"], options: { short: { p: "value", f: "read", d: "value", e: "flag", P: "value", v: "flag", h: "flag", V: "flag" } }, operands: ["argv"] },
  {
    names: ["parallel", "sem", "rust-parallel", "rush", "xjobs"],
    analyser: "parallel",
    runs: remote("runs its command line through a shell for each input"),
    // GNU parallel reads its options with Perl's Getopt::Long, which takes unique prefixes.
    options: {
      abbreviations: true,
      unknown: "flag",
      permute: false,
      short: {
        j: "value",
        P: "value",
        n: "value",
        N: "value",
        L: "value",
        I: "value",
        a: "read",
        d: "value",
        E: "value",
        S: "value",
        W: "chdir",
        C: "value",
        s: "value",
        b: "value",
        i: "value",
      },
      long: {
        jobs: "value",
        "max-procs": "value",
        "max-args": "value",
        "max-lines": "value",
        "max-replace-args": "value",
        "arg-file": "read",
        delimiter: "value",
        eof: "value",
        sshlogin: "value",
        sshloginfile: "read",
        workdir: "chdir",
        wd: "chdir",
        colsep: "value",
        "max-chars": "value",
        block: "value",
        delay: "value",
        timeout: "value",
        tagstring: "value",
        results: "write",
        joblog: "write",
        env: "value",
        halt: "value",
        retries: "value",
        basefile: "value",
        transfer: "value",
        return: "value",
        memfree: "value",
        load: "value",
        nice: "value",
        shebang: "flag",
        // Where parallel keeps the output of its jobs, in files it makes.
        tmpdir: "write-dir",
        id: "value",
        "shell-path": { unsure: "parallel uses another shell" },
        "input-file": "read",
        regex: "value",
        "timeout-seconds": "value",
        "discard-output": "value",
      },
    },
    operands: ["argv"],
  },
  { names: ["git-remote-ext", "git-shell"], always: { unsure: "runs commands given to it" } },
  { names: ["vipe"], always: { unsure: "runs an editor on the pipe" } },
  {
    names: ["curl"],
    // Its options from ~/.curlrc (or $CURL_HOME's, XDG's): `output = .env` there wrote .env (the hunt's sandbox).
    runsImplicitly: [".curlrc", "_curlrc", "curlrc"],
    options: {
      ...some,
      short: {
        o: "write",
        // `-O`, `-J`: the file is named by the URL or by the server's answer.
        O: "extract",
        J: "extract",
        T: "read",
        K: { unsure: "a curl config file can set any option" },
        d: "at-file",
        F: "at-file",
        H: "at-file",
        e: "value",
        A: "value",
        u: "value",
        x: "value",
        X: "value",
        m: "value",
        // `-w @FILE` reads the format from FILE.
        w: "at-file",
        // `-b FILE` (no `=`) reads stored cookies from FILE.
        b: "cookie-or-file",
        c: "write",
        D: "write",
        E: "read",
        r: "value",
        Y: "value",
        y: "value",
        z: "value",
        C: "value",
      },
      long: {
        output: "write",
        "remote-name": "extract",
        "remote-name-all": "extract",
        "remote-header-name": "extract",
        "output-dir": "chdir",
        "upload-file": "read",
        config: { unsure: "a curl config file can set any option" },
        data: "at-file",
        "data-binary": "at-file",
        "data-urlencode": "at-file",
        "data-ascii": "at-file",
        "data-raw": "value",
        json: "at-file",
        form: "at-file",
        "form-string": "value",
        header: "at-file",
        "proxy-header": "at-file",
        cookie: "cookie-or-file",
        "cookie-jar": "write",
        "dump-header": "write",
        trace: "write",
        "trace-ascii": "write",
        stderr: "write",
        "netrc-file": "read",
        cert: "read",
        key: "read",
        cacert: "read",
        capath: "read",
        "url-query": "at-file",
        variable: "at-file",
        "write-out": "at-file",
        url: "url",
        "unix-socket": "path",
        "abstract-unix-socket": "value",
        request: "value",
        "user-agent": "value",
        user: "value",
        proxy: "value",
        referer: "value",
        "max-time": "value",
        "connect-timeout": "value",
        retry: "value",
      },
    },
    operands: ["url"],
  },
  {
    names: ["wget", "wget2"],
    // It names the files it saves after the URL, the server's answer or the site's tree (`-r`).
    extracts: true,
    // Its commands from ~/.wgetrc (`output_document`, `execute`), as curl's from ~/.curlrc.
    runsImplicitly: [".wgetrc", "wgetrc", "wget2rc"],
    options: {
      ...some,
      short: {
        O: { means: "write", noExtract: true },
        o: "write",
        a: "write",
        i: "read",
        P: "chdir",
        e: { unsure: "wget -e runs a .wgetrc command" },
        U: "value",
        t: "value",
        T: "value",
        w: "value",
        Q: "value",
        l: "value",
        A: "value",
        R: "value",
        D: "value",
        I: "value",
        X: "value",
      },
      long: {
        "output-document": { means: "write", noExtract: true },
        spider: NO_EXTRACT,
        "output-file": "write",
        "append-output": "write",
        "input-file": "read",
        "directory-prefix": "chdir",
        execute: { unsure: "wget --execute runs a .wgetrc command" },
        "use-askpass": "argv",
        config: { unsure: "a wgetrc file can set any option" },
        "post-file": "read",
        "body-file": "read",
        "load-cookies": "read",
        "save-cookies": "write",
        certificate: "read",
        "private-key": "read",
        "ca-certificate": "read",
        "user-agent": "value",
        tries: "value",
        timeout: "value",
        "post-data": "value",
        header: "value",
      },
    },
    operands: ["url"],
  },
  { names: ["sponge"], options: { short: { a: "flag" } }, operands: ["write"] },
  // `dd if=IN of=OUT`: its operands are keyed; it copies what it reads (standard input, by default) into OUT.
  { names: ["dd"], options: { unknown: "flag" }, operands: ["value"], keyedOperands: { if: "read", of: "write" } },
  // Converters and decoders that write what they make into a file they are told of.
  {
    names: ["xxd"],
    options: { ...some, short: { c: "value", g: "value", l: "value", s: "value", o: "value", n: "value", R: "value" } },
    operands: ["read", "write"],
  },
  {
    names: ["iconv"],
    options: { ...some, short: { f: "value", t: "value", o: "write" }, long: { "from-code": "value", "to-code": "value", output: "write" } },
    operands: ["read"],
  },
  // gpg's and its agent's configuration name programs they run (`photo-viewer`, `pinentry-program`, `exec-path`); gpg
  // reads `gpg.conf-2.2.40`, `gpg.conf-2.2` or `gpg.conf-2` before `gpg.conf` (the start-up files discovery).
  {
    names: ["gpg", "gpg2"],
    runsImplicitly: ["gpg.conf", "gpg.conf-*", "gpg-agent.conf", "dirmngr.conf", "common.conf"],
    options: {
      ...some,
      short: { o: "write" },
      long: {
        output: "write",
        // The name to write is the one stored in the encrypted data (a review with real runs: `x.env` from `f.gpg`).
        "use-embedded-filename": { means: { unsure: "gpg writes the file under the name the encrypted data stores" } },
        // gpg runs the photo viewer with `sh -c` for a key with a photo ID (`--photo-viewer 'rm x'` after importing
        // one ran rm), and its helpers from these programs and directory; `--options FILE` may set any of them.
        "photo-viewer": "shell",
        "agent-program": { means: { unsure: "gpg runs --agent-program as its agent" }, takes: "value" },
        "dirmngr-program": { means: { unsure: "gpg runs --dirmngr-program as its key server helper" }, takes: "value" },
        "keyboxd-program": { means: { unsure: "gpg runs --keyboxd-program as its key store" }, takes: "value" },
        "exec-path": { means: { unsure: "gpg runs its helpers from --exec-path" }, takes: "value" },
        options: { means: { unsure: "gpg --options reads a configuration that may name a photo viewer or helpers to run", reads: true }, takes: "value" },
      },
    },
    // Given a file and no command, gpg decrypts or verifies it into its name without `.gpg`, `.asc`…
    operands: ["decompressed"],
  },
  // `openssl dgst FILE…`, `openssl verify CERT…`, `openssl gendsa PARAMS`: an operand after the subcommand may be a file it reads.
  { names: ["openssl"], options: { unknown: "flag", permute: true, singleDashLong: true, long: { out: "write", in: "read" } }, operands: ["read"] },
  // `uniq IN OUT` writes its second operand.
  {
    names: ["uniq"],
    options: {
      ...some,
      short: { f: "value", s: "value", w: "value" },
      long: {
        "skip-fields": "value",
        "skip-chars": "value",
        "check-chars": "value",
        group: { means: "value", takes: "attached" },
        "all-repeated": { means: "value", takes: "attached" },
      },
    },
    operands: ["read", "write"],
  },
  {
    names: ["tee"],
    copiesStdin: true,
    options: {
      ...some,
      short: { a: "flag", i: "flag", p: "flag" },
      long: { append: "flag", "ignore-interrupts": "flag", "output-error": { means: "value", takes: "attached" } },
    },
    operands: ["write"],
  },
]);
