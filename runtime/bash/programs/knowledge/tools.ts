/**
 * Everyday programs with an option or operand that runs a command or
 * reads code: archivers, transfer and remote tools, pagers, editors, sort,
 * container and cluster clients. Only what matters is listed; other options
 * are taken as flags (`unknown: "flag"`), and their operands may be paths.
 */
import type { Meaning, ProgramRecord } from "../program-record.js";

/** GNU getopt_long and argp accept any unique prefix of a long option (`tar --to-comm=…`). */
const some = { unknown: "flag", permute: true, abbreviations: true } as const;
const remote = (what: string) => ({ changed: what }) as const;
const SSH_SHORT: Record<string, Meaning> = {
  "4": "flag", "6": "flag", A: "flag", a: "flag", C: "flag", f: "flag", G: "flag", g: "flag", K: "flag", k: "flag", M: "flag", N: "flag", n: "flag",
  q: "flag", s: "flag", T: "flag", t: "flag", V: "flag", v: "flag", X: "flag", x: "flag", Y: "flag", y: "flag",
  B: "value", b: "value", c: "value", D: "value", E: "write", e: "value", I: "value", i: "read", J: "value", L: "value", l: "value", m: "value",
  O: "value", o: { keyed: "ssh-option" }, p: "value", Q: "value", R: "value", S: "value", W: "value", w: "value",
  F: { unsure: "an ssh config file can run commands (ProxyCommand, LocalCommand)" },
};

export const TOOLS: readonly ProgramRecord[] = [
  {
    names: ["tar", "gtar", "bsdtar"],
    options: {
      ...some,
      short: { C: "chdir", f: "path", T: "read", X: "read", I: "shell", F: "script", g: "path", K: "value", L: "value", N: "value", b: "value", H: "value", V: "value" },
      long: {
        "to-command": "shell", "use-compress-program": "shell", "rsh-command": "shell", "info-script": "script", "new-volume-script": "script",
        "checkpoint-action": { unsure: "tar --checkpoint-action can run a command" }, directory: "chdir", file: "path", "files-from": "read", "exclude-from": "read",
        "listed-incremental": "path", "index-file": "write", "volno-file": "path", format: "value", owner: "value", group: "value", mode: "value", mtime: "value", transform: "value", xform: "value",
      },
    },
  },
  { names: ["rsync"], options: { ...some, short: { e: "shell", T: "value", B: "value", f: "value" }, long: { rsh: "shell", "rsync-path": "shell", "files-from": "read", "exclude-from": "read", "include-from": "read", "password-file": "read", "log-file": "write", "write-batch": "write", "read-batch": "read", "only-write-batch": "write", "temp-dir": "path", "partial-dir": "path", "compare-dest": "path", "copy-dest": "path", "link-dest": "path", "backup-dir": "path", filter: "value", exclude: "value", include: "value", chmod: "value", chown: "value", usermap: "value", groupmap: "value" } } },
  { names: ["ssh", "autossh"], floor: { unsure: "ssh runs commands on another host" }, options: { short: SSH_SHORT }, operands: ["value", "shell-rest"] },
  { names: ["scp"], options: { short: { ...SSH_SHORT, S: "shell", r: "flag", p: "flag", R: "flag", O: "flag", 3: "flag", P: "value", D: "value", s: "flag", l: "value", b: "read" } } },
  // sftp runs the commands of a batch file (-b) or of its input; `!cmd` among them runs a local shell.
  { names: ["sftp"], options: { short: { ...SSH_SHORT, S: "shell", r: "flag", p: "flag", R: "value", O: "flag", 3: "flag", P: "value", D: "value", s: "value", l: "value", B: "value", N: "flag", b: { code: "sftp batch commands (`!` runs a shell)" } } }, stdin: { code: "sftp commands (`!` runs a shell)" } },
  { names: ["man", "woman"], options: { ...some, short: { P: "shell", H: "shell", C: "read", M: "value", m: "value", L: "value", S: "value", s: "value", e: "value", l: "flag" }, long: { pager: "shell", html: { means: "shell", takes: "attached" }, "config-file": "read", manpath: "value", locale: "value", sections: "value", extension: "value", "systems": "value", "local-file": "flag", preprocessor: "value" } }, operands: ["value"] },
  { names: ["less", "more", "most", "pg"], options: { ...some, plus: { unsure: "a + option runs a pager command (`!` runs a shell)" }, short: { k: { unsure: "a lesskey file can bind commands" }, o: "write", O: "write", t: "value", T: "read", b: "value", h: "value", j: "value", p: "value", P: "value", x: "value", y: "value", z: "value", "#": "value" }, long: { lesskey: { unsure: "a lesskey file can bind commands" }, "lesskey-src": { unsure: "a lesskey file can bind commands" }, "log-file": "write", "LOG-FILE": "write", "tag-file": "read" } }, operands: ["read"] },
  { names: ["vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim", "rview", "vimx", "evim", "nvi", "elvis", "vile"], analyser: "editor-bang", options: { ...some, plus: { code: "Vim commands" }, short: { c: { code: "Vim commands" }, S: { code: "Vim script" }, s: { code: "Vim commands" }, u: { code: "Vim script" }, U: "read", i: "read", w: "write", W: "write", T: "value", r: "flag", t: "value", q: "read", o: { means: "flag", takes: "attached" }, O: { means: "flag", takes: "attached" }, p: { means: "flag", takes: "attached" } }, long: { cmd: { code: "Vim commands" }, startuptime: "write", "clean": "flag", servername: "value", remote: { unsure: "vim --remote" }, "remote-send": { code: "Vim commands" }, "remote-expr": { code: "Vim expression" } } }, operands: ["path"], stdin: { code: "Vim commands" } },
  { names: ["emacs", "emacsclient", "xemacs"], always: { code: "Emacs Lisp" } },
  { names: ["ed", "red"], operands: ["path"], stdin: { code: "ed commands (`!` runs a shell)" } },
  { names: ["sort"], options: { ...some, short: { o: "write", T: "path", k: "value", t: "value", S: "value" }, long: { "compress-program": "shell", output: "write", "temporary-directory": "path", "files0-from": "read", key: "value", "field-separator": "value", "buffer-size": "value", parallel: "value", "random-source": "read", sort: "value", batch: "value" } }, operands: ["read"] },
  // zip's multi-letter options are single-dash words: -TT names the command that tests the archive.
  { names: ["zip"], options: { ...some, singleDashLong: true, abbreviations: true, short: { T: "flag", b: "path", i: "value", x: "value", n: "value", t: "value", P: "value", e: "flag", O: "write", A: "flag", Z: "value", s: "value" }, long: { TT: "shell", sc: "flag", sd: "flag", so: "flag", sf: "flag", su: "flag", sU: "flag", sv: "flag", db: "flag", dc: "flag", dd: "flag", dg: "flag", ds: "value", du: "flag", dv: "flag", df: "flag", FF: "flag", FS: "flag", MM: "flag", AC: "flag", AS: "flag", nw: "flag", lf: "write", la: "flag", li: "flag", ll: "flag", UN: "value", ws: "flag", tt: "value", ic: "flag", "unzip-command": "shell", "temp-path": "path", "out": "write", include: "value", exclude: "value", suffixes: "value", password: "value", "compression-method": "value", "split-size": "value" } } },
  { names: ["nodemon"], options: { ...some, short: { x: "shell", w: "value", e: "value", i: "value", d: "value", V: "flag" }, long: { exec: "shell", watch: "value", ext: "value", ignore: "value", delay: "value", config: { unsure: "a nodemon config file can name commands" }, signal: "value" } }, operands: ["script", "value"] },
  { names: ["docker", "podman", "nerdctl"], options: { unknown: "flag", permute: false }, operands: ["value"], subcommands: { run: { always: { unsure: "runs a command in a container, which may see this machine's files" } }, exec: { always: { unsure: "runs a command in a container" } }, create: { always: { unsure: "creates a container that runs a command" } }, compose: { options: { unknown: "flag", permute: false }, operands: ["value"], subcommands: { run: { always: { unsure: "runs a command in a container" } }, exec: { always: { unsure: "runs a command in a container" } } } } } },
  { names: ["kubectl", "oc"], options: { unknown: "flag", permute: false }, operands: ["value"], subcommands: { exec: { always: { unsure: "runs a command in a pod" } }, run: { always: { unsure: "runs a command in a pod" } }, debug: { always: { unsure: "runs a command in a pod" } }, attach: { always: { unsure: "attaches to a running container" } }, "port-forward": { operands: ["value"] } } },
  { names: ["socat"], always: { unsure: "socat addresses can run programs (EXEC:, SYSTEM:)" } },
  { names: ["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd"], options: { ...some, short: { e: "shell", c: "shell" }, long: { exec: "shell", "sh-exec": "shell", "lua-exec": { code: "Lua" } } }, operands: ["value"] },
  { names: ["xdg-open", "open", "gio", "kde-open", "gnome-open", "sensible-browser", "x-www-browser", "www-browser"], always: { unsure: "opens a file or URL with whatever program is configured" } },
  { names: ["busybox", "toybox"], operands: ["argv"] },
  { names: ["sg"], runs: remote("runs the command as another group through sh -c"), operands: ["value", "shell-rest"] },
  { names: ["su"], runs: remote("runs the command as another user"), options: { ...some, short: { c: "shell", C: "shell", s: "value", g: "value", G: "value", w: "value", l: "flag", m: "flag", p: "flag", P: "flag", f: "flag" }, long: { command: "shell", "session-command": "shell", shell: "value", group: "value", "supp-group": "value", "whitelist-environment": "value", login: "flag", pty: "flag" } }, operands: ["value"], bare: { unsure: "su with no command runs a shell" } },
  { names: ["runuser"], runs: remote("runs the command as another user"), options: { short: { u: { means: "value", operands: ["argv"] }, c: "shell", g: "value", G: "value", s: "value", w: "value", l: "flag", m: "flag", p: "flag", f: "flag", P: "flag" }, long: { user: { means: "value", operands: ["argv"] }, command: "shell", "session-command": "shell", group: "value", "supp-group": "value", shell: "value", "whitelist-environment": "value", login: "flag", pty: "flag" } }, operands: ["value"], bare: { unsure: "runuser with no command runs a shell" } },
  { names: ["ssh-agent", "dbus-launch"], options: { unknown: "flag", permute: false, short: { a: "value", E: "value", P: "value", t: "value", c: "flag", s: "flag", d: "flag", D: "flag", k: "flag" } }, operands: ["argv"] },
  { names: ["sshpass"], options: { short: { p: "value", f: "read", d: "value", e: "flag", P: "value", v: "flag", h: "flag", V: "flag" } }, operands: ["argv"] },
  { names: ["parallel", "sem", "rust-parallel", "rush", "xjobs"], analyser: "parallel", runs: remote("runs its command line through a shell for each input"), options: { unknown: "flag", permute: false, short: { j: "value", P: "value", n: "value", N: "value", L: "value", I: "value", a: "read", d: "value", E: "value", S: "value", W: "chdir", C: "value", s: "value", b: "value", i: "value" }, long: { jobs: "value", "max-procs": "value", "max-args": "value", "max-lines": "value", "max-replace-args": "value", "arg-file": "read", delimiter: "value", eof: "value", sshlogin: "value", sshloginfile: "read", workdir: "chdir", wd: "chdir", colsep: "value", "max-chars": "value", block: "value", delay: "value", timeout: "value", tagstring: "value", results: "write", joblog: "write", env: "value", halt: "value", retries: "value", basefile: "value", transfer: "value", return: "value", memfree: "value", load: "value", nice: "value", shebang: "flag", tmpdir: "path", id: "value", "shell-path": { unsure: "parallel uses another shell" }, "input-file": "read", "regex": "value", "timeout-seconds": "value", "discard-output": "value" } }, operands: ["argv"] },
  { names: ["git-remote-ext", "git-shell"], always: { unsure: "runs commands given to it" } },
  { names: ["vipe"], always: { unsure: "runs an editor on the pipe" } },
  {
    names: ["curl"],
    options: {
      ...some,
      short: { o: "write", O: "flag", T: "read", K: { unsure: "a curl config file can set any option" }, d: "at-file", F: "at-file", H: "at-file", e: "value", A: "value", u: "value", x: "value", X: "value", m: "value", w: "value", b: "at-file", c: "write", D: "write", E: "read", r: "value", Y: "value", y: "value", z: "value", C: "value" },
      long: {
        output: "write", "output-dir": "chdir", "upload-file": "read", config: { unsure: "a curl config file can set any option" }, data: "at-file", "data-binary": "at-file", "data-urlencode": "at-file", "data-ascii": "at-file", "data-raw": "value", json: "at-file", form: "at-file", "form-string": "value", header: "at-file", "proxy-header": "at-file", cookie: "at-file", "cookie-jar": "write", "dump-header": "write", trace: "write", "trace-ascii": "write", "stderr": "write", "netrc-file": "read", cert: "read", key: "read", cacert: "read", capath: "read", "url-query": "at-file", variable: "at-file", "write-out": "at-file", url: "url", "unix-socket": "path", "abstract-unix-socket": "value", request: "value", "user-agent": "value", user: "value", proxy: "value", referer: "value", "max-time": "value", "connect-timeout": "value", retry: "value",
      },
    },
    operands: ["url"],
  },
  {
    names: ["wget", "wget2"],
    options: { ...some, short: { O: "write", o: "write", a: "write", i: "read", P: "chdir", e: { unsure: "wget -e runs a .wgetrc command" }, U: "value", t: "value", T: "value", w: "value", Q: "value", l: "value", A: "value", R: "value", D: "value", I: "value", X: "value" }, long: { "output-document": "write", "output-file": "write", "append-output": "write", "input-file": "read", "directory-prefix": "chdir", execute: { unsure: "wget --execute runs a .wgetrc command" }, "use-askpass": "argv", config: { unsure: "a wgetrc file can set any option" }, "post-file": "read", "body-file": "read", "load-cookies": "read", "save-cookies": "write", "certificate": "read", "private-key": "read", "ca-certificate": "read", "user-agent": "value", tries: "value", timeout: "value", "post-data": "value", header: "value" } },
    operands: ["url"],
  },
  { names: ["sponge"], options: { short: { a: "flag" } }, operands: ["write"] },
  { names: ["tee"], options: { ...some, short: { a: "flag", i: "flag", p: "flag" }, long: { append: "flag", "ignore-interrupts": "flag", "output-error": { means: "value", takes: "attached" } } }, operands: ["write"] },
];
