/**
 * Package managers, build runners, network and system tools from the
 * GTFOBins catalogue. Installing a package, running a project's tasks or
 * fetching a file is the program the user chose (as `npm install` and
 * `make` are); what is modelled is each option or subcommand that runs a
 * given command, a hook, an editor or code in another language: `bundle
 * exec`, `gem open -e`, `-o APT::…::Pre-Invoke`, `rpm --eval`, `wget
 * --use-askpass` (tools.ts), `tcpdump -z`, certbot hooks, `ip netns exec`. Tools whose
 * every use runs code permc cannot read, or that exist to run commands
 * elsewhere, are floored in every use.
 */
import { NO_EXTRACT } from "./extractors.js";
import type { OptionGrammar, OptionSpec, ProgramRecord, Subcommand } from "../program-record.js";
import { recordGroup } from "./record-group.js";
import {
  ANY_CODE,
  APT_CONFIGURATION,
  BUNDLER_FILES,
  COMPOSER_FILES,
  DPKG_OPTION_FILES,
  GEM_ARCHIVES,
  PIP_ARCHIVES,
  PYTHON_START_UP,
  RPM_MACROS,
  SSH_CONFIGURATION,
  YUM_CONFIGURATION,
} from "./implicit-code.js";
import { PIP_CONFIGURATION } from "./credential-files.js";

const unsure = (why: string, takes: OptionSpec["takes"] = "value"): OptionSpec => ({ means: { unsure: why }, takes });
/** Most of these parse with getopt_long, argparse or OptionParser, which accept any unique prefix of a long option. */
const loose = { unknown: "flag", permute: true, abbreviations: true } as const;

/** ansible's and ansible-playbook's options: an inventory may be a program it runs (an executable file). */
// Ansible is Python, loads modules and plugins beside a playbook (`library/`, `*_plugins/`) and its configuration's programs.
const ANSIBLE: Pick<ProgramRecord, "options" | "runsImplicitly"> = {
  runsImplicitly: ANY_CODE,
  options: {
    ...loose,
    // `ansible HOSTS -m shell -a 'CMD'`: a module's arguments are a command for shell, command, raw and script.
    short: {
      i: "script",
      e: "value",
      M: "value",
      l: "value",
      t: "value",
      u: "value",
      m: "value",
      a: unsure("ansible -a passes arguments to a module (shell, command, raw and script run them)"),
    },
    long: {
      args: unsure("ansible --args passes arguments to a module (shell, command, raw and script run them)"),
      "module-name": "value",
      "ssh-common-args": unsure("ansible passes --ssh-common-args to ssh, which can run commands (ProxyCommand)"),
      "ssh-extra-args": unsure("ansible passes --ssh-extra-args to ssh, which can run commands (ProxyCommand)"),
      "sftp-extra-args": unsure("ansible passes --sftp-extra-args to sftp"),
      "scp-extra-args": unsure("ansible passes --scp-extra-args to scp"),
      "vault-password-file": unsure("an executable vault password file is run"),
      "vault-id": unsure("an executable vault password file is run"),
      inventory: "script",
      "extra-vars": "value",
      "module-path": "value",
      limit: "value",
      tags: "value",
      user: "value",
    },
  },
};

/** `exec CMD ARGS…` subcommands: the rest is a command run as given. */
const EXEC: Subcommand = {
  options: { unknown: "unsure", permute: false, short: { l: "flag", v: "flag" }, long: { list: "flag", verbose: "flag" } },
  operands: ["argv"],
};

/** apt and apt-get: configuration options can name commands (Pre-Invoke, Post-Invoke, Dpkg hooks). */
const APT: OptionGrammar = {
  ...loose,
  short: {
    o: unsure("apt -o can set a configuration option that runs a command (APT::Update::Pre-Invoke, DPkg::Pre-Invoke)"),
    c: unsure("an apt configuration file can name commands to run"),
    t: "value",
    q: "flag",
    y: "flag",
  },
  long: {
    option: unsure("apt --option can set a configuration option that runs a command"),
    "config-file": unsure("an apt configuration file can name commands to run"),
    "target-release": "value",
  },
};

/** rpm and its query/verify front ends: macros run shell commands (%(…)) and Lua; --pipe runs a command. */
const RPM: OptionGrammar = {
  ...loose,
  short: { E: { code: "RPM macros (%(…) runs a shell command)" }, D: unsure("rpm -D defines a macro, and macros run shell commands when expanded") },
  long: {
    eval: { code: "RPM macros (%(…) runs a shell command)" },
    pipe: "shell",
    define: unsure("rpm --define defines a macro, and macros run shell commands when expanded"),
    macros: unsure("an rpm macro file can run shell commands"),
    rcfile: unsure("an rpm rc file can define macros that run shell commands"),
    load: unsure("rpm --load reads a macro file"),
    dbpath: "path",
    root: "path",
  },
};

const YUM: OptionGrammar = {
  ...loose,
  short: { c: unsure("a yum/dnf configuration file can load plugins (Python)"), y: "flag", q: "flag" },
  long: {
    config: unsure("a yum/dnf configuration file can load plugins (Python)"),
    setopt: unsure("yum/dnf --setopt can point the plugin path elsewhere"),
    enableplugin: "value",
    installroot: "path",
  },
};

export const GTFOBINS_TOOLS = recordGroup((): readonly ProgramRecord[] => [
  // Python and Ruby packaging.
  {
    names: ["pip", "pip3"],
    runsImplicitly: [...ANY_CODE, ...PIP_ARCHIVES],
    options: {
      ...loose,
      // Where packages are installed or downloaded to is written under (`pip install --target /etc x`).
      short: { r: "read", c: "read", e: "path", t: "write-dir", d: "write-dir", w: "write-dir", i: "value", f: "value" },
      long: {
        python: "program",
        requirement: "read",
        constraint: "read",
        editable: "path",
        target: "write-dir",
        prefix: "write-dir",
        root: "write-dir",
        src: "write-dir",
        dest: "write-dir",
        "wheel-dir": "write-dir",
        log: "write",
        "log-file": "write",
        cert: "read",
        "client-cert": "read",
        // Its cache of downloads and built wheels: written under.
        "cache-dir": "write-dir",
        "index-url": "value",
        "extra-index-url": "value",
        "find-links": "value",
        "config-settings": "value",
        proxy: "value",
        "trusted-host": "value",
        "exists-action": "value",
        platform: "value",
      },
    },
    operands: ["path"],
    // `pip config list` prints pip's configuration; `pip config set` writes it (pip.conf names options for every pip
    // command: `global.target` moves where it installs), and `pip config edit --editor 'touch x'` ran the editor's
    // words with the file after them (a real run, pip 23).
    subcommands: {
      config: {
        options: { ...loose, long: { editor: "shell" } },
        operands: ["value"],
        readsImplicitly: PIP_CONFIGURATION,
        writesImplicitly: ["pip.conf"],
      },
    },
  },
  { names: ["easy_install"], always: { code: "Python (easy_install runs the setup script of what it installs)" } },
  {
    names: ["gem"],
    runsImplicitly: [...ANY_CODE, ...GEM_ARCHIVES],
    options: {
      short: { h: "flag", v: "flag", C: "chdir" },
      long: {
        help: "flag",
        version: "flag",
        "config-file": unsure("a gem configuration file can set options for every command"),
        backtrace: "flag",
        debug: "flag",
        norc: "flag",
      },
    },
    operands: ["value"],
    subcommands: {
      open: { options: { ...loose, short: { e: "shell" }, long: { editor: "shell" } }, operands: ["value"] },
      exec: {
        options: { unknown: "unsure", permute: false, short: { g: "value", v: "value" }, long: { gem: "value", version: "value", conservative: "flag" } },
        operands: ["argv"],
      },
      install: { options: { ...loose, short: { g: "script" }, long: { file: "script" } }, operands: ["path"] },
    },
    otherSubcommands: { options: loose, operands: ["value"] },
  },
  {
    names: ["bundle", "bundler"],
    runsImplicitly: [...ANY_CODE, ...BUNDLER_FILES],
    options: {
      short: { V: "flag", r: "value", h: "flag", v: "flag" },
      long: { "no-color": "flag", verbose: "flag", retry: "value", help: "flag", version: "flag" },
    },
    operands: ["value"],
    subcommands: {
      exec: { options: { unknown: "unsure", permute: false, long: { gemfile: "script", "keep-file-descriptors": "flag" } }, operands: ["argv"] },
      console: { always: { code: "Ruby" } },
      // `bundle config set --global gemfile /x/G && bundle list` ran /x/G's Ruby (a real run): the settings name code.
      config: { always: { unsure: "bundle config changes the settings later bundler commands run with (gemfile names a Gemfile, Ruby code bundler runs)" } },
    },
    otherSubcommands: { options: loose, operands: ["value"] },
  },
  {
    names: ["rake"],
    runsImplicitly: ANY_CODE,
    options: {
      ...loose,
      short: { e: { code: "Ruby" }, p: { code: "Ruby" }, E: { code: "Ruby" }, r: "module", f: "script", I: "value", R: "value", C: "chdir" },
      long: {
        execute: { code: "Ruby" },
        "execute-print": { code: "Ruby" },
        "execute-continue": { code: "Ruby" },
        require: "module",
        rakefile: "script",
        libdir: "value",
        rakelibdir: "value",
        directory: "chdir",
      },
    },
    operands: ["value"],
  },
  {
    names: ["cabal"],
    // A `build-type: Custom` package builds with its own Setup.hs, and Template Haskell runs at compile time.
    runsImplicitly: ANY_CODE,
    options: {
      short: { h: "flag", V: "flag" },
      long: {
        help: "flag",
        version: "flag",
        "numeric-version": "flag",
        "config-file": "read",
        "ignore-expiry": "flag",
        "http-transport": "value",
        nix: "flag",
        "store-dir": "path",
        "active-repositories": "value",
        "project-file": "read",
      },
    },
    operands: ["value"],
    subcommands: {
      exec: EXEC,
      "v2-exec": EXEC,
      "new-exec": EXEC,
      repl: { always: { code: "Haskell" } },
      "v2-repl": { always: { code: "Haskell" } },
      "new-repl": { always: { code: "Haskell" } },
    },
    otherSubcommands: { options: loose, operands: ["value"] },
  },
  {
    names: ["composer"],
    runsImplicitly: [...ANY_CODE, ...COMPOSER_FILES],
    options: { unknown: "flag", permute: false, short: { d: "chdir" }, long: { "working-dir": "chdir" } },
    operands: ["value"],
    subcommands: { exec: EXEC },
    otherSubcommands: { options: loose, operands: ["value"] },
  },
  {
    names: ["dotnet"],
    runsImplicitly: ANY_CODE,
    options: {
      short: { d: "flag", h: "flag" },
      long: { info: "flag", version: "flag", "list-sdks": "flag", "list-runtimes": "flag", diagnostics: "flag", help: "flag" },
    },
    operands: ["value"],
    subcommands: { fsi: { always: { code: "F#" } } },
    otherSubcommands: { options: loose, operands: ["value"] },
  },
  {
    names: ["vagrant"],
    options: {
      short: { v: "flag", h: "flag" },
      long: {
        version: "flag",
        help: "flag",
        debug: "flag",
        timestamp: "flag",
        "debug-timestamp": "flag",
        "no-tty": "flag",
        color: "flag",
        "no-color": "flag",
        "machine-readable": "flag",
      },
    },
    operands: ["value"],
    subcommands: { ssh: { always: { unsure: "vagrant ssh runs commands in the virtual machine" } } },
    otherSubcommands: { options: loose, operands: ["value"] },
    // Every vagrant command loads the Vagrantfile, Ruby, whose triggers run commands on the host (`trigger.run`).
    runsImplicitly: ANY_CODE,
  },
  // Ansible: a playbook is the project's program (its tasks run shell commands), an executable inventory is run for its
  // hosts, and ssh arguments and executable vault files run commands.
  { names: ["ansible-playbook"], ...ANSIBLE, operands: ["script"] },
  { names: ["ansible"], ...ANSIBLE, operands: ["value"] },
  {
    names: ["ansible-test"],
    options: { short: { h: "flag" }, long: { help: "flag", version: "flag" } },
    operands: ["value"],
    subcommands: { shell: { always: { unsure: "ansible-test shell opens a shell in its test environment" } } },
    otherSubcommands: { options: loose, operands: ["value"] },
  },
  { names: ["knife"], always: { unsure: "knife runs Ruby code (knife exec) and commands on remote nodes (knife ssh)" } },
  { names: ["puppet"], always: { code: "Puppet manifests (which can run commands)" } },
  {
    names: ["facter"],
    // It runs the executable external facts of its facts.d directories (any name) and loads Ruby custom facts.
    runsImplicitly: ["facts.d/*", "*.rb"],
    options: {
      ...loose,
      long: {
        "custom-dir": unsure("facter loads Ruby facts from --custom-dir"),
        "external-dir": unsure("facter runs executable external facts from --external-dir"),
      },
    },
    operands: ["value"],
  },
  // System package managers: configuration that runs commands, macros, maintainer scripts.
  // Package operands are names or local package files.
  // `echo 'APT::Update::Pre-Invoke {"rm -f victim";};' > /etc/apt/apt.conf.d/99x && apt-get update` runs the command.
  { names: ["apt", "apt-get"], options: APT, operands: ["path"], runsImplicitly: APT_CONFIGURATION },
  {
    names: ["dpkg"],
    // ~/.dpkg.cfg holds options, `pre-invoke` and `status-logger` commands among them (the start-up files discovery).
    runsImplicitly: DPKG_OPTION_FILES,
    options: {
      ...loose,
      short: {
        i: unsure("dpkg -i runs the package's maintainer scripts", "none"),
        R: "flag",
        l: "flag",
        L: "flag",
        s: "flag",
        S: "flag",
        p: "flag",
        c: "flag",
        x: "flag",
        X: "flag",
        b: "flag",
        I: "flag",
        r: unsure("dpkg -r runs the package's maintainer scripts", "none"),
        P: unsure("dpkg -P runs the package's maintainer scripts", "none"),
      },
      long: {
        install: unsure("dpkg --install runs the package's maintainer scripts", "none"),
        unpack: unsure("dpkg --unpack runs the package's maintainer scripts", "none"),
        configure: unsure("dpkg --configure runs the package's maintainer scripts", "none"),
        remove: unsure("dpkg --remove runs the package's maintainer scripts", "none"),
        purge: unsure("dpkg --purge runs the package's maintainer scripts", "none"),
        "pre-invoke": "shell",
        "post-invoke": "shell",
        "status-logger": "shell",
        root: "path",
        admindir: "path",
        instdir: "path",
      },
    },
    operands: ["path"],
  },
  { names: ["rpm", "rpmdb", "rpmquery", "rpmverify"], options: RPM, operands: ["path"], runsImplicitly: RPM_MACROS },
  { names: ["dnf", "yum"], options: YUM, operands: ["path"], runsImplicitly: [...YUM_CONFIGURATION, ...RPM_MACROS] },
  { names: ["pkg", "opkg"], options: loose, operands: ["path"] },
  {
    names: ["snap"],
    options: { short: { h: "flag" }, long: { help: "flag", version: "flag" } },
    operands: ["value"],
    subcommands: {
      run: {
        options: {
          ...loose,
          long: {
            shell: unsure("snap run --shell opens a shell in the snap's environment", "none"),
            gdb: unsure("snap run --gdb runs a debugger", "none"),
            "experimental-gdbserver": unsure("snap run runs a debugger server", "none"),
          },
        },
        operands: ["value"],
      },
    },
    otherSubcommands: { options: loose, operands: ["path"] },
  },
  // zypper runs zypper-NAME for a subcommand it does not know.
  {
    names: ["zypper"],
    options: { unknown: "flag", permute: false },
    operands: ["value"],
    subcommands: Object.fromEntries(
      [
        "install",
        "in",
        "remove",
        "rm",
        "update",
        "up",
        "dist-upgrade",
        "dup",
        "search",
        "se",
        "info",
        "if",
        "refresh",
        "ref",
        "repos",
        "lr",
        "addrepo",
        "ar",
        "removerepo",
        "rr",
        "list-updates",
        "lu",
        "patch",
        "patches",
        "ps",
        "clean",
        "cc",
        "lock",
        "al",
        "locks",
        "ll",
        "source-install",
        "si",
        "verify",
        "ve",
        "packages",
        "pa",
        "patterns",
        "pt",
        "products",
        "pd",
        "what-provides",
        "wp",
        "help",
        "version",
        "shell",
        "sh",
      ].map(
        (s) =>
          [
            s,
            s === "shell" || s === "sh" ? { always: { unsure: "zypper shell reads zypper commands from its input" } } : { options: loose, operands: ["path"] },
          ] as const,
      ),
    ) as Record<string, Subcommand>,
    otherSubcommands: { always: { unsure: "zypper runs an extension program (zypper-NAME) for a subcommand it does not know" } },
  },
  // iproute2: objects and subcommands are matched by prefix; netns exec runs a command in another namespace.
  {
    names: ["ip"],
    options: {
      unknown: "flag",
      permute: false,
      singleDashLong: true,
      short: { b: unsure("ip -b runs the ip commands of a batch file"), f: "value", l: "value", n: "value", c: { means: "value", takes: "attached" } },
      abbreviations: true,
      long: {
        batch: unsure("ip -batch runs the ip commands of a batch file"),
        force: "flag",
        family: "value",
        loops: "value",
        netns: "value",
        rcvbuf: "value",
        color: { means: "value", takes: "attached" },
        brief: "flag",
        br: "flag",
        stats: "flag",
        statistics: "flag",
        details: "flag",
        resolve: "flag",
        oneline: "flag",
        timestamp: "flag",
        tshort: "flag",
        ts: "flag",
        json: "flag",
        pretty: "flag",
        human: "flag",
        "human-readable": "flag",
        iec: "flag",
        all: "flag",
        Numeric: "flag",
        Version: "flag",
        help: "flag",
      },
    },
    operands: ["value"],
    subcommands: Object.fromEntries(
      ["net", "netn", "netns"].map((n) => [
        n,
        {
          options: { unknown: "flag" },
          operands: ["value"],
          subcommands: Object.fromEntries(
            ["e", "ex", "exe", "exec"].map((e) => [
              e,
              { operands: ["value", "argv"], runs: { changed: "ip netns exec runs the command in another network namespace" } },
            ]),
          ),
        },
      ]),
    ) as Record<string, Subcommand>,
  },
  // cpio reaches a remote archive (host:file) through the command --rsh-command names.
  {
    names: ["cpio"],
    options: {
      ...loose,
      short: {
        F: "path",
        I: "read",
        O: "write",
        E: "read",
        D: "chdir",
        H: "value",
        M: "value",
        R: "value",
        C: "value",
        i: "extract",
        t: NO_EXTRACT,
        // Copy-out reads the names of the files it archives from its input.
        o: "names-input",
        // Pass-through: the files named on its input are copied under the operand directory.
        p: { means: "names-input", operands: ["write-dir"] },
      },
      long: {
        extract: "extract",
        list: NO_EXTRACT,
        "to-stdout": NO_EXTRACT,
        create: "names-input",
        "pass-through": { means: "names-input", operands: ["write-dir"] },
        "rsh-command": "shell",
        file: "path",
        "pattern-file": "read",
        directory: "chdir",
        format: "value",
        message: "value",
        owner: "value",
        "io-size": "value",
        "block-size": "value",
      },
    },
    operands: ["path"],
  },
  { names: ["sysctl"], always: { unsure: "sysctl changes kernel settings, one of which names a program the kernel runs (kernel.core_pattern)" } },
  { names: ["dmsetup"], always: { unsure: "dmsetup runs a command for each device (--exec)" } },
  { names: ["virsh"], always: { unsure: "virsh defines virtual machines whose descriptions name scripts the host runs" } },
  { names: ["bpftrace"], always: { code: "bpftrace programs (system() runs a command)" } },
  // Network tools with hooks: a program run on an event, a password helper, a rotation command.
  {
    names: ["aria2c"],
    // aria2.conf sets options for every download, `on-download-complete` (a program it runs) among them.
    runsImplicitly: ["aria2.conf"],
    options: {
      ...loose,
      short: { i: unsure("an aria2 input file can set per-download options, hooks among them"), d: "path", o: "value", x: "value", s: "value", j: "value" },
      long: {
        "on-download-complete": "argv",
        "on-download-error": "argv",
        "on-download-start": "argv",
        "on-download-pause": "argv",
        "on-download-stop": "argv",
        "on-bt-download-complete": "argv",
        "conf-path": unsure("an aria2 configuration file can name hook commands"),
        "input-file": unsure("an aria2 input file can set per-download options, hooks among them"),
        dir: "path",
        out: "value",
        "save-session": "write",
        log: "write",
      },
    },
    // URLs, or torrent and metalink files.
    operands: ["path"],
  },
  {
    names: ["tcpdump"],
    options: {
      ...loose,
      short: {
        z: "argv",
        w: "write",
        r: "read",
        F: "read",
        V: "read",
        i: "value",
        c: "value",
        C: "value",
        G: "value",
        W: "value",
        s: "value",
        y: "value",
        E: "value",
        M: "value",
        T: "value",
        Z: "value",
        j: "value",
        B: "value",
      },
    },
    operands: ["value"],
  },
  // Wireshark's dissectors can be Lua scripts (-X lua_script:FILE).
  {
    names: ["tshark", "wireshark"],
    // They load the Lua plugins of their plugin directories (init.lua, plugins/*.lua) at start.
    runsImplicitly: ["*.lua"],
    options: {
      ...loose,
      short: {
        X: { code: "Lua (tshark -X lua_script)" },
        r: "read",
        w: "write",
        i: "value",
        f: "value",
        Y: "value",
        R: "value",
        o: "value",
        c: "value",
        a: "value",
        b: "value",
        T: "value",
        e: "value",
        E: "value",
        s: "value",
        y: "value",
        d: "value",
        z: "value",
        F: "value",
        C: "value",
        j: "value",
        J: "value",
        M: "value",
        B: "value",
        N: "value",
      },
    },
    operands: ["value"],
  },
  {
    names: ["nmap"],
    options: {
      ...loose,
      long: {
        script: { code: "Lua (nmap NSE scripts)" },
        interactive: unsure("nmap --interactive runs a console with a shell escape", "none"),
        datadir: unsure("nmap --datadir loads its scripts from another directory"),
        "script-args": "value",
        "script-args-file": "read",
        resume: "read",
        excludefile: "read",
        stylesheet: "value",
        "min-rate": "value",
        "max-rate": "value",
      },
    },
    operands: ["value"],
  },
  {
    names: ["certbot"],
    // certbot is Python (the user site's start-up files run first), and `renew` runs the hooks its configuration and
    // each certificate's renewal file name (`cli.ini`, `renewal/*.conf`: `pre_hook = …`).
    runsImplicitly: [...PYTHON_START_UP, "cli.ini", "*.ini", "renewal/*.conf"],
    options: {
      ...loose,
      long: {
        "pre-hook": "shell",
        "post-hook": "shell",
        "deploy-hook": "shell",
        "renew-hook": "shell",
        "manual-auth-hook": "shell",
        "manual-cleanup-hook": "shell",
        config: unsure("a certbot configuration file can name hooks"),
        "config-dir": unsure("certbot runs the hooks in its configuration directory"),
        "work-dir": "path",
        "logs-dir": "path",
        webroot: "flag",
        "webroot-path": "path",
      },
    },
    operands: ["value"],
  },
  {
    names: ["borg", "borgbackup"],
    // A remote repository is reached over ssh, whose configuration runs commands.
    runsImplicitly: SSH_CONFIGURATION,
    options: { ...loose, long: { rsh: "shell", "remote-path": unsure("borg --remote-path names the program run on the remote host") } },
    operands: ["path"],
  },
  { names: ["openvpn"], always: { unsure: "openvpn runs the scripts its options and configuration name (--up, --down, plugins)" } },
  { names: ["check_by_ssh", "check_ssl_cert"], always: { unsure: "a monitoring plugin that runs commands through ssh or helper programs it is told to use" } },
  { names: ["cdist"], always: { unsure: "cdist runs configuration code on hosts over ssh" } },
  // Small tools with one command hook each.
  {
    names: ["scrot"],
    options: {
      ...loose,
      short: { e: "shell", d: "value", q: "value", t: "value", l: "value", D: "value", F: "write", a: "value", c: "flag" },
      long: { exec: "shell", delay: "value", quality: "value", thumb: "value", line: "value", display: "value", file: "write", autoselect: "value" },
    },
    operands: ["write"],
  },
  {
    names: ["csvtool"],
    options: { short: { t: "value", u: "value", o: "write", z: "flag" }, long: { help: "flag" } },
    operands: ["value"],
    subcommands: { call: { operands: ["shell", "read"] } },
    otherSubcommands: { operands: ["read"] },
  },
  {
    names: ["neofetch"],
    // Its configuration (~/.config/neofetch/config.conf) is bash it sources.
    runsImplicitly: ["config.conf"],
    options: { ...loose, long: { config: unsure("neofetch --config runs its configuration file as bash"), ascii: "read" } },
    operands: ["value"],
  },
]);
