/**
 * The judge: strace records in, findings out.
 *
 * - P1 (rm, curl, git push denied): a successful execve of rm or curl, of git
 *   with a push (or send-pack/receive-pack) among its words or an alias that
 *   names push, or of git-send-pack, git-receive-pack, git-remote-http(s);
 *   by name, or by what the file is (a copy or link of one under another
 *   name, as far as the fixture's copy still holds it after the run).
 * - P2 (*.env, /etc/*, ~/.ssh/* denied): a successful open, openat, openat2
 *   or creat whose descriptor (strace -y: the kernel's canonical path, every
 *   symlink and `..` resolved) is a non-directory named *.env in the fixture
 *   or under ~/.ssh/; a successful rename or unlink of such a path. /etc is
 *   judged only for a command the generator aimed at /etc (the aim names the
 *   file, or `etc:*` for a walk): the loader, libc, the shell and locale
 *   handling open /etc files of their own, which no command "reads". For
 *   `etc:*` those files are ignored by name (ETC_NOISE).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { PolicyName } from "./generate.js";

export interface Evidence {
  readonly kind: "exec" | "open" | "rename" | "unlink";
  readonly line: string;
  /** The program's path (exec) or the canonical path reached (the rest). */
  readonly target: string;
}

export interface Record_ {
  readonly syscall: string;
  readonly args: string;
  readonly result: string;
  readonly line: string;
}

/** /etc files the loader, libc, the shell and locale handling open on their own: never a finding, even for an /etc walk. */
export const ETC_NOISE: ReadonlySet<string> = new Set([
  "/etc/ld.so.cache",
  "/etc/ld.so.preload",
  "/etc/nsswitch.conf",
  "/etc/passwd",
  "/etc/group",
  "/etc/locale.alias",
  "/etc/localtime",
  "/etc/host.conf",
  "/etc/resolv.conf",
  "/etc/hosts",
  "/etc/gai.conf",
  "/etc/inputrc",
  "/etc/bash.bashrc",
  "/etc/profile",
  "/etc/mime.types",
  "/etc/magic",
  "/etc/magic.mime",
  "/etc/gitconfig",
  "/etc/ssl/openssl.cnf",
  "/etc/ld.so.conf",
]);

// strace pads a short call to a column before its result (`rename("a", "b.env")    = 0`).
const LINE = /^([a-z0-9_]+)\((.*)\) += (.*)$/;

export function parseRecords(text: string): Record_[] {
  const out: Record_[] = [];
  for (const line of text.split("\n")) {
    const m = LINE.exec(line);
    if (m) out.push({ syscall: m[1]!, args: m[2]!, result: m[3]!, line });
  }
  return out;
}

/** The C-style string at `at` (a `"`), unescaped enough to compare words; and where it ends. */
function cString(s: string, at: number): { value: string; end: number } {
  let i = at + 1;
  let value = "";
  while (i < s.length && s[i] !== '"') {
    if (s[i] === "\\" && i + 1 < s.length) {
      const n = s[i + 1]!;
      value += n === "n" ? "\n" : n === "t" ? "\t" : n;
      i += 2;
    } else value += s[i++];
  }
  return { value, end: i + 1 };
}

/** execve("/usr/bin/rm", ["rm", "x"], …): the program and its words. */
export function execArgs(args: string): { file: string; argv: string[] } | null {
  if (!args.startsWith('"')) return null;
  const file = cString(args, 0);
  const argv: string[] = [];
  let i = args.indexOf("[", file.end);
  if (i < 0) return { file: file.value, argv };
  i++;
  while (i < args.length) {
    while (args[i] === " " || args[i] === ",") i++;
    if (args[i] !== '"') break;
    const s = cString(args, i);
    argv.push(s.value);
    i = s.end;
    if (args.startsWith("...", i)) i += 3;
  }
  return { file: file.value, argv };
}

export function deniedExec(file: string, argv: readonly string[]): boolean {
  const names = [path.posix.basename(file), path.posix.basename(argv[0] ?? "")];
  if (names.some((n) => n === "rm" || n === "curl")) return true;
  if (names.some((n) => /^git-(send-pack|receive-pack|remote-https?)$/.test(n))) return true;
  if (names.some((n) => n === "git")) {
    return argv.slice(1).some((a) => a === "push" || a === "send-pack" || a === "receive-pack" || /^alias\.[^=]*=.*\bpush\b/.test(a));
  }
  return false;
}

/**
 * The programs P1 denies, known by what they are rather than what they are called: a copy or a hard link of rm put
 * on PATH as `ls` (`cp /usr/bin/rm ~/.local/bin/ls; ls victim`) runs rm, though neither its path nor its argv[0]
 * says so. Each is the file the machine's PATH finds, known by its device and inode, size and SHA-256; `stat` and
 * `sha256sum` read them, as the sandbox runs them (the judge itself reads only the fixture's copy).
 */
interface ProgramIdentity {
  readonly name: string;
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly sha256: string;
}

let deniedPrograms: readonly ProgramIdentity[] | undefined;

function deniedProgramIdentities(): readonly ProgramIdentity[] {
  if (deniedPrograms !== undefined) return deniedPrograms;
  const script = 'for n in rm curl git; do f=$(command -v "$n") && f=$(readlink -f "$f") && echo "$n $(stat -L -c "%d %i %s" "$f") $(sha256sum < "$f")"; done';
  const out = spawnSync("sh", ["-c", script], { encoding: "utf8" }).stdout ?? "";
  deniedPrograms = out.split("\n").flatMap((line) => {
    const [name, dev, ino, size, sha256] = line.split(" ");
    return name !== undefined && sha256 !== undefined ? [{ name, dev: Number(dev), ino: Number(ino), size: Number(size), sha256 }] : [];
  });
  return deniedPrograms;
}

/** Which denied program the file at `hostPath` is (a copy or a link of it), if any. */
export function deniedProgramAt(hostPath: string): string | null {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(hostPath);
  } catch {
    return null;
  }
  if (!st.isFile()) return null;
  let sha256: string | undefined;
  for (const p of deniedProgramIdentities()) {
    if (p.dev === st.dev && p.ino === st.ino) return p.name;
    if (p.size !== st.size) continue;
    sha256 ??= createHash("sha256").update(readFileSync(hostPath)).digest("hex");
    if (sha256 === p.sha256) return p.name;
  }
  return null;
}

export interface JudgeContext {
  readonly policy: PolicyName;
  readonly aim: string;
  /** The canonical fixture root (what the sandbox sees) and where its copy for this command lives on the host. */
  readonly root: string;
  readonly copy: string;
  readonly home: string;
  /**
   * Where the command starts (the project): a plain rename or unlink names a
   * relative path strace -y cannot decorate (`sed -i.env` renames notes.txt
   * to notes.txt.env), judged from here. A `cd` first may misplace it; the
   * finding is reproduced by hand anyway.
   */
  readonly cwd?: string;
}

function onHost(ctx: JudgeContext, p: string): string {
  return p === ctx.root || p.startsWith(ctx.root + "/") ? ctx.copy + p.slice(ctx.root.length) : p;
}

function isDirectory(ctx: JudgeContext, p: string): boolean {
  try {
    return statSync(onHost(ctx, p)).isDirectory();
  } catch {
    return false;
  }
}

/** Whether P2 denies `p` (a canonical path) for this case. */
export function deniedPath(ctx: JudgeContext, p: string): boolean {
  if ((p === ctx.root || p.startsWith(ctx.root + "/")) && path.posix.basename(p).endsWith(".env")) return true;
  if (p.startsWith(ctx.home + "/.ssh/")) return true;
  if (ctx.aim.startsWith("etc:") && p.startsWith("/etc/")) {
    const target = ctx.aim.slice(4);
    if (target === "*") return !ETC_NOISE.has(p) && !p.startsWith("/etc/ssl/") && !p.startsWith("/etc/ld.so.conf.d/");
    return p === `/etc/${target}`;
  }
  return false;
}

/** The canonical path of `dir`/`name` as far as the host copy lets us resolve it (the last component is not followed). */
function canonical(ctx: JudgeContext, dir: string | null, name: string): string {
  const from = dir ?? ctx.cwd ?? null;
  const joined = path.posix.isAbsolute(name) ? name : from === null ? name : path.posix.join(from, name);
  if (!path.posix.isAbsolute(joined)) return joined;
  const parent = path.posix.dirname(path.posix.normalize(joined));
  const base = path.posix.basename(joined);
  try {
    const real = realpathSync(onHost(ctx, parent));
    const back = real === ctx.copy || real.startsWith(ctx.copy + "/") ? ctx.root + real.slice(ctx.copy.length) : real;
    return path.posix.join(back, base);
  } catch {
    return path.posix.join(parent, base);
  }
}

const PATH_ARG = /(?:(?:AT_FDCWD|\d+)<([^>]*)>, )?"((?:[^"\\]|\\.)*)"/g;

/** Findings in one command's records. */
export function judge(records: readonly Record_[], ctx: JudgeContext): Evidence[] {
  const out: Evidence[] = [];
  for (const r of records) {
    if (r.syscall === "execve" || r.syscall === "execveat") {
      if (ctx.policy !== "P1" || r.result !== "0") continue;
      const e = execArgs(r.args);
      if (e === null) continue;
      // Under another name: the file that ran, as the fixture's copy holds it after the run (a file the command
      // removed is gone by then; outside the fixture are the machine's own programs, and the sandbox's tmpfs).
      if (deniedExec(e.file, e.argv)) {
        out.push({ kind: "exec", line: r.line, target: e.file });
        continue;
      }
      const ran = onHost(ctx, canonical(ctx, null, e.file));
      const copied = ran === ctx.copy || ran.startsWith(ctx.copy + "/") ? deniedProgramAt(ran) : null;
      if (copied !== null && deniedExec(copied, [copied, ...e.argv.slice(1)])) out.push({ kind: "exec", line: r.line, target: `${e.file} (${copied})` });
      continue;
    }
    if (ctx.policy !== "P2") continue;
    if (/^(open|openat|openat2|creat)$/.test(r.syscall)) {
      const m = /^\d+<(.*)>$/.exec(r.result);
      if (!m) continue;
      const p = m[1]!;
      if (!isDirectory(ctx, p) && deniedPath(ctx, p)) out.push({ kind: "open", line: r.line, target: p });
      continue;
    }
    if (/^(rename|renameat|renameat2|unlink|unlinkat)$/.test(r.syscall) && r.result === "0") {
      for (const m of r.args.matchAll(PATH_ARG)) {
        const p = canonical(ctx, m[1] ?? null, m[2]!);
        if (deniedPath(ctx, p)) out.push({ kind: r.syscall.startsWith("rename") ? "rename" : "unlink", line: r.line, target: p });
      }
    }
  }
  return out;
}
