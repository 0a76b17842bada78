/**
 * Interactive programs from the GTFOBins catalogue: terminal UIs, consoles
 * and clients whose own command language has a shell escape (`!cmd`,
 * `.shell`, `\!`), and tools that page their output through a pager.
 *
 * Pagers and terminal UIs read their keys from the terminal, not from the
 * agent: `journalctl` under an agent has no pager at all. What an agent can
 * reach is non-interactive: a pager or editor named by a variable
 * (variables.ts), an option that runs a command, or commands fed on
 * standard input. Those are modelled; the everyday read-only forms stay
 * exact. Consoles whose commands come from their input or options, and
 * that agents have no everyday use for, are floored in every use.
 */
import type { Meaning, OptionGrammar, ProgramRecord, Subcommand } from "../program-record.js";
import { AWS_CREDENTIALS } from "./credential-files.js";
import { MYSQL_OPTION_FILES, PSQL_START_UP, PYTHON_START_UP, SQLITE_START_UP } from "./implicit-code.js";
import { recordGroup } from "./record-group.js";

const console_ = (what: string): ProgramRecord["always"] => ({ unsure: what });

/** systemd tools: -H runs the command on another host over ssh, -M in a container. */
const SYSTEMD_OPTIONS: OptionGrammar = {
  unknown: "flag",
  permute: true,
  abbreviations: true,
  short: {
    H: { means: { unsure: "-H runs the command on another host over ssh" }, takes: "value" },
    M: { means: { unsure: "-M runs the command in a container" }, takes: "value" },
  },
  long: {
    host: { means: { unsure: "--host runs the command on another host over ssh" }, takes: "value" },
    machine: { means: { unsure: "--machine runs the command in a container" }, takes: "value" },
    "no-pager": "flag",
    user: "flag",
    system: "flag",
    type: "value",
    state: "value",
    property: "value",
    what: "value",
    signal: "value",
    "kill-whom": "value",
    "kill-value": "value",
    "job-mode": "value",
    root: "path",
    image: "path",
    "preset-mode": "value",
    lines: "value",
    output: "value",
    timestamp: "value",
    unit: "value",
    "user-unit": "value",
    identifier: "value",
    priority: "value",
    since: "value",
    until: "value",
    boot: { means: "value", takes: "attached" },
    grep: "value",
    directory: "path",
    file: "read",
  },
};

/** Before the subcommand, options end at the first operand (the subcommand); after it, anywhere. */
const SYSTEMD_GLOBAL: OptionGrammar = {
  ...SYSTEMD_OPTIONS,
  permute: false,
  short: { ...SYSTEMD_OPTIONS.short, t: "value", p: "value", P: "value", s: "value", n: "value", o: "value" },
};

const STARTS_UNITS: Subcommand = { always: { unsure: "systemctl starts units, which run the commands their unit files name" } };

/** Commands in a client's own language, which has a shell escape. */
const clientCode = (language: string): Meaning => ({ code: language });

export const GTFOBINS_INTERACTIVE = recordGroup((): readonly ProgramRecord[] => [
  {
    names: ["systemctl"],
    options: SYSTEMD_GLOBAL,
    operands: ["value"],
    subcommands: {
      edit: { always: { unsure: "systemctl edit runs an editor" } },
      start: STARTS_UNITS,
      restart: STARTS_UNITS,
      "try-restart": STARTS_UNITS,
      reload: STARTS_UNITS,
      "reload-or-restart": STARTS_UNITS,
      "try-reload-or-restart": STARTS_UNITS,
      enable: STARTS_UNITS,
      reenable: STARTS_UNITS,
      link: STARTS_UNITS,
      isolate: STARTS_UNITS,
      "set-environment": STARTS_UNITS,
      "import-environment": STARTS_UNITS,
      "daemon-reload": STARTS_UNITS,
      "daemon-reexec": STARTS_UNITS,
      preset: STARTS_UNITS,
      "preset-all": STARTS_UNITS,
      "set-default": STARTS_UNITS,
      default: STARTS_UNITS,
      rescue: STARTS_UNITS,
      emergency: STARTS_UNITS,
    },
    otherSubcommands: { options: SYSTEMD_OPTIONS, operands: ["value"] },
  },
  { names: ["journalctl", "timedatectl", "loginctl", "hostnamectl", "localectl"], options: SYSTEMD_OPTIONS, operands: ["value"] },
  // busctl --address=unixexec:path=PROG starts a program to talk to.
  {
    names: ["busctl"],
    options: {
      ...SYSTEMD_OPTIONS,
      long: { ...SYSTEMD_OPTIONS.long, address: { means: { unsure: "busctl --address can name a program to start (unixexec:)" }, takes: "value" } },
    },
    operands: ["value"],
  },
  // bat pages through the program --pager names (or BAT_PAGER).
  // Its configuration file (~/.config/bat/config) adds options, `--pager` among them.
  {
    names: ["bat", "batcat"],
    runsImplicitly: ["config"],
    options: { unknown: "flag", permute: true, long: { pager: "shell", "config-file": "flag" } },
    operands: ["read"],
  },
  { names: ["dstat"], always: console_("dstat loads plugins, Python files chosen by its options") },
  // util-linux dmesg pages only with -H, through the pager a variable names.
  { names: ["dmesg"], options: { unknown: "flag", permute: true, abbreviations: true, short: { F: "read" }, long: { file: "read" } }, operands: ["value"] },
  // procps top: interactive commands come from the terminal, or from its input when that is not one.
  {
    names: ["top"],
    options: { unknown: "flag", permute: true },
    operands: ["value"],
    stdin: { unsure: "top runs the interactive commands fed on its input, which can run the commands in its configuration" },
  },
  // Cloud command-line clients page their help through a pager; the commands talk to an API and may upload local files.
  // (gcloud's record is in build-tools.ts: its `--command` is shell source.)
  // Global options that take a value, so the word after one is not read as the command (`aws --profile p configure get …`);
  // `aws configure get|list|export-credentials` print the stored keys.
  {
    names: ["aws"],
    // ~/.aws/config's `credential_process` is a command aws runs for credentials (AWS_CONFIG_FILE is a hijack variable);
    // ~/.aws/cli/alias holds aliases, and one starting `!` is a shell command, even under a command's own name
    // (`s3 = !rm victim` made `aws s3 ls` run rm, by hand with aws-cli 1).
    // aws-cli 1 is Python: the user site's `*.pth` lines run at its start, as gcloud's do.
    runsImplicitly: ["config", "credentials", "alias", ...PYTHON_START_UP],
    options: {
      unknown: "flag",
      permute: true,
      long: {
        profile: "value",
        region: "value",
        output: "value",
        query: "value",
        "endpoint-url": "value",
        color: "value",
        "ca-bundle": "value",
        "cli-read-timeout": "value",
        "cli-connect-timeout": "value",
        "cli-binary-format": "value",
      },
    },
    subcommands: {
      configure: { options: { unknown: "flag", permute: true }, operands: ["value"], readsImplicitly: AWS_CREDENTIALS },
      // `aws s3 cp s3://b/x.sh . && bash x.sh`: a download lands objects under names permc does not read (a prefix's
      // contents with --recursive, a bucket's with sync).
      s3: {
        options: { unknown: "flag", permute: true },
        subcommands: {
          cp: { options: { unknown: "flag", permute: true }, copiesIntoLastOperand: "contents" },
          mv: { options: { unknown: "flag", permute: true }, copiesIntoLastOperand: "contents" },
          sync: { options: { unknown: "flag", permute: true }, copiesIntoLastOperand: "contents" },
        },
      },
    },
  },
  {
    names: ["eb"],
    // The Elastic Beanstalk CLI is Python: the user site's start-up files run first.
    runsImplicitly: PYTHON_START_UP,
    options: {
      short: { h: "flag" },
      long: { debug: "flag", quiet: "flag", verbose: "flag", profile: "value", region: "value", "no-verify-ssl": "flag", help: "flag", version: "flag" },
    },
    operands: ["value"],
    subcommands: { ssh: { always: { unsure: "eb ssh connects to an instance and can run commands there" } } },
  },
  // Database clients: their commands (from -c/-e, files or input) include a shell escape.
  {
    names: ["psql"],
    runsImplicitly: PSQL_START_UP,
    options: {
      unknown: "flag",
      permute: true,
      abbreviations: true,
      short: {
        c: clientCode("psql meta-command (\\! runs a shell)"),
        f: clientCode("psql meta-command (\\! runs a shell)"),
        // `-o '|cmd'` pipes the query output to a shell command (real psql 15 under strace ran it).
        o: "output",
        L: "write",
        d: "value",
        h: "value",
        p: "value",
        U: "value",
        v: "value",
        P: "value",
        T: "value",
        F: "value",
        R: "value",
      },
      long: {
        command: clientCode("psql meta-command (\\! runs a shell)"),
        file: clientCode("psql meta-command (\\! runs a shell)"),
        output: "output",
        "log-file": "write",
        dbname: "value",
        host: "value",
        port: "value",
        username: "value",
        set: "value",
        variable: "value",
        pset: "value",
        "table-attr": "value",
        "field-separator": "value",
        "record-separator": "value",
      },
    },
    operands: ["value"],
    stdin: clientCode("psql meta-command (\\! runs a shell)"),
  },
  {
    names: ["mysql", "mariadb"],
    runsImplicitly: MYSQL_OPTION_FILES,
    options: {
      unknown: "flag",
      permute: true,
      abbreviations: true,
      short: { e: clientCode("mysql client-command (\\! runs a shell)"), u: "value", h: "value", P: "value", D: "value", S: "value" },
      long: {
        execute: clientCode("mysql client-command (\\! runs a shell)"),
        "init-command": { code: "SQL" },
        pager: { means: "shell", takes: "attached" },
        "default-auth": { unsure: "mysql --default-auth loads a plugin library" },
        "plugin-dir": { unsure: "mysql --plugin-dir chooses where plugin libraries are loaded from" },
        "defaults-file": { unsure: "a mysql option file can set a pager and plugins" },
        "defaults-extra-file": { unsure: "a mysql option file can set a pager and plugins" },
        tee: "write",
        user: "value",
        host: "value",
        port: "value",
        database: "value",
        socket: "value",
      },
    },
    operands: ["value"],
    stdin: clientCode("mysql client-command (\\! runs a shell)"),
  },
  {
    names: ["sqlite3"],
    runsImplicitly: SQLITE_START_UP,
    options: {
      unknown: "flag",
      permute: true,
      singleDashLong: true,
      long: {
        cmd: clientCode("sqlite3 dot-command (.shell runs a shell)"),
        init: clientCode("sqlite3 dot-command (.shell runs a shell)"),
        separator: "value",
        newline: "value",
        nullvalue: "value",
        vfs: "value",
        mmap: "value",
        lookaside: "value",
        pagecache: "value",
        maxsize: "value",
      },
    },
    operands: ["path", clientCode("sqlite3 dot-command (.shell runs a shell)")],
    stdin: clientCode("sqlite3 dot-command (.shell runs a shell)"),
  },
  {
    names: ["smbclient"],
    options: {
      unknown: "flag",
      permute: true,
      short: { c: clientCode("smbclient command (! runs a shell)"), U: "value", W: "value", p: "value", I: "value", D: "value", s: "read", A: "read" },
      long: {
        command: clientCode("smbclient command (! runs a shell)"),
        user: "value",
        workgroup: "value",
        port: "value",
        directory: "value",
        configfile: "read",
        "authentication-file": "read",
      },
    },
    operands: ["value"],
    stdin: clientCode("smbclient command (! runs a shell)"),
  },
  // telnet: the escape character on its input reaches telnet's own prompt, whose ! runs a shell.
  {
    names: ["telnet"],
    options: { unknown: "flag", permute: true, short: { l: "value", e: "value", n: "write", b: "value" } },
    operands: ["value"],
    stdin: { unsure: "telnet reads its escape commands (! runs a shell) from its input" },
  },
  {
    names: ["ftp", "ncftp", "lftp", "psftp", "tftp"],
    always: console_("an FTP client runs a local shell with ! in the commands it reads from its input, options or scripts"),
  },
  { names: ["ispell"], always: console_("the spell checker's interactive screen runs a shell with !") },
  { names: ["joe", "nano", "pico", "zathura"], always: console_("an interactive editor or viewer that can run shell commands") },
  { names: ["ncdu", "iftop"], always: console_("an interactive screen whose keys open a shell") },
  {
    names: ["tdbtool", "tasksh", "ginsh", "jtag", "scanmem", "bconsole", "debugfs", "asterisk"],
    always: console_("an interactive console that runs shell commands from the commands it reads"),
  },
  { names: ["crash"], always: console_("crash runs commands from its input (! runs a shell) and pipes output through the program in CRASHPAGER") },
  { names: ["hping3"], always: console_("hping3 runs a Tcl console that can run programs") },
  { names: ["minicom", "runscript"], always: console_("minicom scripts and menus run shell commands") },
  {
    names: ["mail", "mailx", "bsd-mailx", "s-nail"],
    always: console_("mail runs shell commands from its command options (--exec) and from ~! escapes in what it reads"),
  },
  { names: ["tmate"], always: console_("tmate runs shell commands in a shared terminal session") },
  { names: ["rtorrent"], always: console_("rtorrent runs the commands its configuration file names") },
  { names: ["run-mailcap"], always: console_("run-mailcap runs whatever program the mailcap files name for the file type") },
  { names: ["task"], always: console_("taskwarrior runs commands (task execute) and hook scripts") },
]);
