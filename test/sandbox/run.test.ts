/**
 * `permc run` for real: bubblewrap, real programs, the built executable.
 *
 * - The third red-team sample's rows that read a denied file through an alias
 *   the analysis may miss, or shadow a program on PATH: whatever the analysis
 *   decided, under the kernel layer no byte of `.env` or the key is printed,
 *   neither file changes, nothing is written in ~/.ssh or on PATH. `victim`
 *   survives wherever a path rule can protect it; where only a rule about a
 *   program (`rm *`) stands between the command and `victim`, the analysis is
 *   the layer that holds, and the test checks it does.
 * - Everyday commands still work; the exit status passes through.
 * - Without bubblewrap, or with a bad module, nothing runs (exit 126).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { permc, ROOT } from "../support/cli.js";
import { FIXTURES, readVectors } from "../support/fixtures.js";
import { tempDir } from "../support/temp-dir.js";

const BIN = path.join(ROOT, "dist", "bin", "permc.js");
const CLASSES = new Set(["response-file-alias", "recursive-walker-unlisted", "key-eq-path-option-value", "path-dir-shadow"]);

interface Row {
  id: string;
  config: Record<string, unknown>;
  call: { input: { command: string } };
  class: string;
  via?: string;
}

interface Fixture {
  dirs: string[];
  files: Record<string, string>;
  links: Record<string, string>;
  env: { PATH: string };
}

interface Ran {
  status: number | null;
  out: string;
}

const FX = JSON.parse(readFileSync(path.join(FIXTURES, "vectors", "redteam-fixture.json"), "utf8")) as Fixture;

/** One fixture per worker: proj, home and temp dir under its own root. */
class Slot {
  readonly proj: string;
  readonly home: string;
  readonly tmp: string;
  constructor(readonly root: string) {
    this.proj = path.join(root, "proj");
    this.home = path.join(root, "home", "tester");
    this.tmp = path.join(root, "tmp");
  }
  sub(s: string): string {
    return s.replaceAll("{PROJ}", this.proj).replaceAll("{HOME}", this.home).replaceAll("{ROOT}", this.root);
  }
  reset(): void {
    for (const d of ["proj", "home", "tmp"]) rmSync(path.join(this.root, d), { recursive: true, force: true });
    mkdirSync(this.tmp, { recursive: true });
    for (const d of FX.dirs) mkdirSync(this.sub(d), { recursive: true });
    for (const [p, t] of Object.entries(FX.files)) writeFileSync(this.sub(p), t);
    for (const [p, t] of Object.entries(FX.links)) symlinkSync(this.sub(t), this.sub(p));
  }
  env(): NodeJS.ProcessEnv {
    return { PATH: this.sub(FX.env.PATH), HOME: this.home, TMPDIR: this.tmp, LANG: "C", npm_config_update_notifier: "false" };
  }
}

/** `permc run` as a person runs it: the built executable, from the working tree, standard input closed. */
function run(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "run", ...args], { cwd, env: { ...env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"], timeout: 20_000 });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString("utf8");
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString("utf8");
    });
    child.on("close", (status) => resolve({ status, out }));
  });
}

async function compileFor(slot: Slot, config: unknown, name: string): Promise<string> {
  const src = path.join(slot.root, `${name}.json`);
  const mod = path.join(slot.root, `${name}.mjs`);
  writeFileSync(src, JSON.stringify({ permission: config }));
  const r = await permc(["compile", src, "-o", mod, "--home", slot.home]);
  expect(r.status, r.stderr).toBe(0);
  return mod;
}

const SECRETS = ["SECRET=1", "U0VDUkVUPTEK", "S0VZCg"];

describe("red-team rows under the kernel layer", () => {
  const rows = readVectors<Row>("redteam-3-sample.jsonl").filter((r) => CLASSES.has(r.class) && r.via === undefined);
  const WORKERS = 3;
  const slots = Array.from({ length: WORKERS }, (_, i) => new Slot(path.join(tempDir(`sandbox-rt${i}`))));
  const results = new Map<string, { ran: Ran; broken: string[]; victimGone: boolean }>();
  const usrLocalBefore = new Set(readdirSync("/usr/local/bin"));

  beforeAll(async () => {
    const configs = [...new Set(rows.map((r) => JSON.stringify(r.config)))];
    await Promise.all(
      slots.map(async (slot, w) => {
        slot.reset();
        const mods = new Map<string, string>();
        for (const [i, c] of configs.entries()) mods.set(c, await compileFor(slot, JSON.parse(c), `p${i}`));
        for (const row of rows.filter((_, i) => i % WORKERS === w)) {
          slot.reset();
          const mod = mods.get(JSON.stringify(row.config)) as string;
          const ran = await run(
            ["--policy", mod, "--home", slot.home, "--cwd", slot.proj, "--", "bash", "-c", slot.sub(row.call.input.command)],
            slot.proj,
            slot.env(),
          );
          results.set(row.id, { ran, broken: broken(slot, ran), victimGone: !existsSync(path.join(slot.proj, "victim")) });
        }
      }),
    );
  }, 120_000);

  it("has the rows", () => expect(rows.length).toBeGreaterThan(70));

  it("no row prints a secret, changes .env or the key, writes in ~/.ssh or on PATH", () => {
    const failures = rows.flatMap((r) => (results.get(r.id)?.broken ?? ["not run"]).map((b) => `${r.id} ${r.call.input.command}: ${b}`));
    expect(failures).toEqual([]);
    expect(readdirSync("/usr/local/bin").filter((f) => !usrLocalBefore.has(f))).toEqual([]);
  });

  it("the sandbox started for every row (no 126)", () => {
    expect(rows.filter((r) => results.get(r.id)?.ran.status === 126).map((r) => `${r.id}: ${results.get(r.id)?.ran.out}`)).toEqual([]);
  });

  it("where victim is removed, only a rule about a program could stop it, and the analysis does", async () => {
    // Only the program-shadow rows have a rule (`rm *`) that victim's removal breaks.
    const gone = rows.filter((r) => r.class === "path-dir-shadow" && results.get(r.id)?.victimGone);
    const slot = slots[0] as Slot;
    slot.reset();
    for (const r of gone) {
      const mod = await compileFor(slot, r.config, "victim");
      const call = JSON.stringify({ tool: "bash", input: { command: slot.sub(r.call.input.command) } });
      const decided = await permc(["eval", "--policy", mod, "--cwd", slot.proj, "--home", slot.home], { input: call + "\n" });
      expect((JSON.parse(decided.stdout) as { action: string }).action, r.call.input.command).not.toBe("allow");
    }
    // The kernel layer still holds every program shadow on PATH: the victims lost are to programs run from the tree or the temp dir.
    for (const r of gone) expect(r.call.input.command, r.id).toMatch(/; rm victim|\.\/t\.sh$/);
  }, 60_000);
});

function broken(slot: Slot, ran: Ran): string[] {
  const out: string[] = [];
  for (const s of SECRETS) if (ran.out.includes(s)) out.push(`printed ${s}`);
  // The key as a line of its own (a line of text, or a file in an archive after its NUL-padded header).
  if (/(^|[\n\0])KEY\n/.test(ran.out)) out.push("printed the key");
  const env = path.join(slot.proj, ".env");
  if (!existsSync(env) || readFileSync(env, "utf8") !== "SECRET=1\n") out.push(".env changed");
  const key = path.join(slot.home, ".ssh", "id_rsa");
  if (!existsSync(key) || readFileSync(key, "utf8") !== "KEY\n") out.push("the key changed");
  const ssh = readdirSync(path.join(slot.home, ".ssh"));
  if (ssh.join() !== "id_rsa") out.push(`~/.ssh holds ${ssh.join()}`);
  const bin = readdirSync(path.join(slot.home, ".local", "bin"));
  if (bin.length > 0) out.push(`~/.local/bin holds ${bin.join()}`);
  return out;
}

describe("everyday commands under permc run", () => {
  const slot = new Slot(tempDir("sandbox-everyday"));
  let mod = "";
  beforeAll(async () => {
    slot.reset();
    mkdirSync(path.join(slot.home, ".npm"), { recursive: true });
    writeFileSync(path.join(slot.proj, "package.json"), JSON.stringify({ name: "p", version: "1.0.0", scripts: { test: "node -e 0" } }));
    mod = await compileFor(slot, { "*": "allow", path: { "*": "allow", "*.env": "deny", "~/.ssh/*": "deny" } }, "everyday");
  });

  const everyday: readonly [string, RegExp][] = [
    ["ls -la && cat notes.txt", /notes\.txt[\s\S]*x\n/],
    [
      "git init -q && git add notes.txt && git -c user.name=t -c user.email=t@e commit -q -m x && git status --short && git log --oneline | wc -l",
      /^\s*1\s*$/m,
    ],
    ["node -e 'console.log(6*7)'", /^42$/m],
    ["python3 -c 'print(6*7)'", /^42$/m],
    ["npm test", /node -e 0/],
    ['tar -cf "$TMPDIR/a.tar" notes.txt src && tar -tf "$TMPDIR/a.tar" && tar -czf out.tgz src && tar -tzf out.tgz', /src\/a\.ts[\s\S]*src\/a\.ts/],
    ["printf 'all:\\n\\t@echo made\\n' > Makefile && make", /^made$/m],
    ['echo hi > new.txt && cat new.txt && f=$(mktemp) && echo t > "$f" && cat "$f" && rm "$f"', /^hi\nt$/m],
  ];

  it.each(everyday)(
    "%s",
    async (command, expected) => {
      const r = await run(["--policy", mod, "--home", slot.home, "--cwd", slot.proj, "--", "bash", "-c", command], slot.proj, slot.env());
      expect(r.out).toMatch(expected);
      expect(r.status, r.out).toBe(0);
    },
    30_000,
  );

  it("the exit status passes through; a signal is 128+n", async () => {
    const base = ["--policy", mod, "--home", slot.home, "--cwd", slot.proj, "--", "bash", "-c"];
    expect((await run([...base, "exit 7"], slot.proj, slot.env())).status).toBe(7);
    expect((await run([...base, "kill -TERM $$"], slot.proj, slot.env())).status).toBe(143);
  }, 30_000);
});

describe("when the sandbox cannot start, nothing runs", () => {
  const slot = new Slot(tempDir("sandbox-missing"));
  let mod = "";
  beforeAll(async () => {
    slot.reset();
    mod = await compileFor(slot, { "*": "allow" }, "missing");
  });
  const marker = () => path.join(slot.proj, "marker");
  const args = () => ["--policy", mod, "--home", slot.home, "--cwd", slot.proj, "--", "touch", marker()];

  it("bubblewrap missing: exit 126, a message naming it and how to install it, no marker", async () => {
    const r = await run(args(), slot.proj, { ...slot.env(), PERMC_BWRAP: path.join(slot.root, "no-bwrap") });
    expect(r.status).toBe(126);
    expect(r.out).toMatch(/bubblewrap is not at .*no-bwrap/);
    expect(r.out).toMatch(/apt-get install bubblewrap/);
    expect(r.out).toMatch(/the command was not run/);
    expect(existsSync(marker())).toBe(false);
  }, 30_000);

  it("bwrap not on PATH: the same refusal", async () => {
    const r = await run(args(), slot.proj, { ...slot.env(), PATH: path.join(slot.root, "empty") });
    expect(r.status).toBe(126);
    expect(r.out).toMatch(/bubblewrap \(bwrap\) is not installed/);
    expect(existsSync(marker())).toBe(false);
  }, 30_000);

  it("a tampered or missing module: exit 126, no marker", async () => {
    const bad = path.join(slot.root, "tampered.mjs");
    const text = readFileSync(mod, "utf8");
    writeFileSync(bad, text.slice(0, text.length >> 1));
    for (const m of [bad, path.join(slot.root, "absent.mjs")]) {
      const r = await run(["--policy", m, "--home", slot.home, "--cwd", slot.proj, "--", "touch", marker()], slot.proj, slot.env());
      expect(r.status).toBe(126);
      expect(r.out).toMatch(/the command was not run/);
      expect(existsSync(marker())).toBe(false);
    }
  }, 30_000);

  it("the explicit opt-out runs the command unsandboxed, with a warning", async () => {
    const r = await run(["--unsandboxed-if-unavailable", ...args()], slot.proj, { ...slot.env(), PERMC_BWRAP: path.join(slot.root, "no-bwrap") });
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/WITHOUT the kernel layer/);
    expect(existsSync(marker())).toBe(true);
    rmSync(marker());
  }, 30_000);
});
