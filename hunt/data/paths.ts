/**
 * Path tricks as data: ways to name a denied file (or a directory holding
 * one) from the fixture's project directory. Each trick is a prefix run
 * before the command (`cd …` or empty) and the spelling of the path in it.
 *
 * Aims: `env` (the fixture's .env), `ssh` (~/.ssh/id_rsa), `etc:FILE` (one
 * file under /etc no loader, libc or shell opens on its own), `etc:*` (a
 * walk of /etc), `benign` (a file no rule denies).
 */

export interface PathTrick {
  readonly label: string;
  readonly cd: string;
  readonly path: string;
}

const t = (label: string, path: string, cd = ""): PathTrick => ({ label, cd, path });

export const ENV_FILE: readonly PathTrick[] = [
  t("plain", ".env"),
  t("dot-slash", "./.env"),
  t("symlink", "envlink.txt"),
  t("symlink", "./envlink.txt"),
  t("$PWD", '"$PWD/.env"'),
  t("${PWD}", "${PWD}/.env"),
  t("$PWD-symlink", "$PWD/envlink.txt"),
  t("dotdot", "src/../.env"),
  t("dotdot", "sub/deeper/../../.env"),
  t("glob", ".e?v"),
  t("glob", ".[e]nv"),
  t("glob", ".en*"),
  t("glob-symlink", "*.txt"),
  t("glob-symlink", "envlink.*"),
  t("glob-symlink", "[e]nvlink.txt"),
  t("quotes", "'.env'"),
  t("quotes", '".env"'),
  t("quotes", '.e""nv'),
  t("backslash", ".e\\nv"),
  t("default-expansion", "${x:-.env}"),
  t("command-substitution", '"$(echo .env)"'),
  t("command-substitution", "$(printf .env)"),
  t("tilde-dotdot", "~/../../proj/.env"),
  t("$HOME-dotdot", "$HOME/../../proj/.env"),
  t("parent", "../proj/.env"),
  t("brace", "{.env,notes.txt}"),
  t("brace", ".{e,}nv"),
  t("cd-relative", "../.env", "cd src && "),
  t("cd-relative", "../../envlink.txt", "cd sub/deeper; "),
  t("cd-home", "../../proj/.env", "cd ~ && "),
  t("cd-oldpwd", '"$OLDPWD/.env"', "cd / && "),
  t("pushd", "../.env", "pushd src >/dev/null; "),
  t("variable", "$f", "f=.env; "),
  t("variable", '"$f"', "f=envlink.txt; "),
];

export const SSH_FILE: readonly PathTrick[] = [
  t("tilde", "~/.ssh/id_rsa"),
  t("$HOME", "$HOME/.ssh/id_rsa"),
  t("${HOME}", '"${HOME}/.ssh/id_rsa"'),
  t("symlink-dir", "sshlink/id_rsa"),
  t("symlink-dir", "./sshlink/id_rsa"),
  t("symlink-glob", "sshlink/*"),
  t("symlink-glob", "sshlink/id_*"),
  t("glob", "~/.ssh/id_?sa"),
  t("glob", "~/.ssh/*"),
  t("glob", "~/.ss?/id_rsa"),
  t("dotdot", "~/.ssh/../.ssh/id_rsa"),
  t("symlink-dotdot", "sshlink/../.ssh/id_rsa"),
  t("parent", "../home/tester/.ssh/id_rsa"),
  t("$PWD-parent", "$PWD/../home/tester/.ssh/id_rsa"),
  t("default-expansion", "${x:-~/.ssh}/id_rsa"),
  t("brace", "{sshlink,src}/id_rsa"),
  t("brace", "sshlink/id_rs{a,b}"),
  t("quotes", '"sshlink/id_rsa"'),
  t("quotes", "ssh'link'/id_rsa"),
  t("cd-symlink", "id_rsa", "cd sshlink && "),
  t("cd-tilde", "id_rsa", "cd ~/.ssh; "),
  t("cd-home", ".ssh/id_rsa", "cd ~ && "),
  t("cd-relative", "../sshlink/id_rsa", "cd src && "),
  t("variable", '"$k"', "k=~/.ssh/id_rsa; "),
  // tree-sitter hangs a redirect after a list's last command on the whole list: the pipe's later stage runs after the cd.
  t("cd-list-redirect", ".ssh/id_rsa", "cd ~ && true 2>&1 | "),
  // Each stage of a pipeline is a subshell: the shell stays in the project, not in src.
  t("cd-pipeline-stage", "../home/tester/.ssh/id_rsa", "cd src 2>&1 | true; "),
];

/** Files under /etc that nothing but the command itself opens (not passwd, nsswitch.conf, ld.so.cache, locale files). */
export const ETC_TARGETS: readonly string[] = ["debian_version", "issue", "motd", "shells", "adduser.conf", "timezone"];

/** `@` is the /etc file's name. */
export const ETC_FILE: readonly PathTrick[] = [
  t("absolute", "/etc/@"),
  t("symlink", "etclink/@"),
  t("symlink", "./etclink/@"),
  t("symlink-dotdot", "etclink/../etc/@"),
  t("dot", "/etc/./@"),
  t("double-slash", "//etc/@"),
  t("dotdot", "/usr/../etc/@"),
  t("symlink-escape", "lnk/../../../etc/@"),
  t("glob", "/e?c/@"),
  t("glob", "/[e]tc/@"),
  t("glob-symlink", "etclink/@*"),
  t("default-expansion", "${x:-/etc}/@"),
  t("command-substitution", '"$(echo /etc)/@"'),
  t("$PWD-symlink", "$PWD/etclink/@"),
  t("default-expansion", "/etc/${x:-@}"),
  t("cd-symlink", "@", "cd etclink && "),
  t("cd-absolute", "@", "cd /etc; "),
  t("cd-root", "etc/@", "cd / && "),
  t("cd-symlink-escape", "../../../etc/@", "cd lnk && "),
  t("cd-list-redirect", "@", "cd /etc && true 2>/dev/null | "),
];

/** Directories a walker reads below: the aim says what a finding may be. */
export const DIRS: ReadonlyArray<PathTrick & { readonly aim: "env" | "ssh" | "etc:*" }> = [
  { ...t("cwd", "."), aim: "env" },
  { ...t("cwd", "./"), aim: "env" },
  { ...t("$PWD", '"$PWD"'), aim: "env" },
  { ...t("parent", "../proj"), aim: "env" },
  { ...t("dotdot", "src/.."), aim: "env" },
  { ...t("symlink-dir", "sshlink"), aim: "ssh" },
  { ...t("symlink-dir", "sshlink/"), aim: "ssh" },
  { ...t("tilde", "~/.ssh"), aim: "ssh" },
  { ...t("$HOME", "$HOME"), aim: "ssh" },
  { ...t("tilde", "~"), aim: "ssh" },
  { ...t("symlink-dir", "etclink"), aim: "etc:*" },
  { ...t("symlink-dir", "etclink/"), aim: "etc:*" },
  { ...t("symlink-escape", "lnk/../../../etc"), aim: "etc:*" },
];

export const BENIGN_FILES: readonly PathTrick[] = [
  t("plain", "notes.txt"),
  t("plain", "src/a.ts"),
  t("dotdot", "sub/../notes.txt"),
  t("cd-relative", "a.ts", "cd src && "),
  t("symlink-dir", "lnk"),
];
