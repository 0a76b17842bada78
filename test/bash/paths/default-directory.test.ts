/**
 * A recursive reader that names no directory walks the one it runs in
 * (`rg key`, `grep -r key`, `find -name x`): the working directory is then a
 * directory operand, and a rule that can match something under it applies.
 * Operands are counted past the options that take a value; an option permc
 * does not know is taken to consume the next word (fewer paths, so the
 * working directory is walked when in doubt).
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { UNLOADED_PARSER } from "../../../runtime/bash/syntax/parser.js";
import { walkSkips, walksWorkingDirectory } from "../../../runtime/bash/programs/knowledge/recursive.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";

const words = (command: string): string[] => command.split(" ").slice(1);

describe("walksWorkingDirectory", () => {
  it.each([
    ["rg key", true],
    ["rg -n -i key", true],
    ["rg key src", false],
    ["rg -g *.ts key", true],
    ["rg -e key", true],
    ["rg -e key src", false],
    ["rg --files", true],
    ["rg --files src", false],
    ["grep -r key", true],
    ["grep -rn key src", false],
    ["grep -rn -A 3 key src", false],
    ["grep -rn -A3 key", true],
    ["grep -r --include=*.ts key", true],
    ["grep -r --include *.ts key src", false],
    ["grep -r --unknown key src", true],
    ["grep -r -- key", true],
    ["grep -r -- key src", false],
    ["find", true],
    ["find -name x", true],
    ["find -L -name x", true],
    ["find . -name x", false],
    ["find src ( -name x )", false],
    ["du", true],
    ["du -sh src", false],
    ["tree -L 2", true],
    ["tree -L 2 src", false],
    ["fd x", true],
    ["fd x src", false],
    ["ugrep -r key", true],
    ["ugrep -rn key src", false],
    ["ug key", true],
    ["ug -e key", true],
    ["ug -e key src", false],
    ["pt key", true],
    ["pt key src", false],
    ["sift key", true],
    ["sift -n key src", false],
    ["cat x", false],
  ])("%s → %s", (command, walks) => {
    const [name] = command.split(" ");
    expect(walksWorkingDirectory(name as string, words(command))).toBe(walks);
  });

  it("a word permc cannot know may stand for nothing: the working directory may be walked", () => {
    expect(walksWorkingDirectory("rg", ["key", null])).toBe(true);
  });
});

describe("walkSkips", () => {
  it.each([
    ["rg key", true, true, true],
    ["rg --hidden key", false, true, true],
    ["rg -uu key", false, true, false],
    ["rg -nu key", true, true, false],
    ["rg -L key", true, false, true],
    ["rg --unrestricted --unrestricted --follow key", false, false, false],
    ["rg --no-ignore-vcs key", true, true, false],
    ["rg --no-ignore-parent key", true, true, false],
    ["rg -g '*.ts' key", true, true, false],
    ["rg --iglob=*.ts key", true, true, false],
    ["rg --ignore-file x key", true, true, false],
    ["rg -tts key", true, true, true],
    ["fd -u x", false, true, false],
    ["fd -I x", true, true, false],
    ["fd --no-ignore x", true, true, false],
    ["fd -g '*.ts'", true, true, true],
    ["fdfind -H x", false, true, true],
    ["tree -a", false, true, false],
    ["tree -l", true, false, false],
    ["ls -lR", true, true, false],
    ["ls -laR", false, true, false],
    ["grep -r key", false, false, false],
    ["find -name x", false, false, false],
  ])("%s → hidden %s, links %s, ignored %s", (command, hidden, links, ignored) => {
    const [name] = command.split(" ");
    const { shownHidden: _, ...skips } = walkSkips(name as string, words(command));
    expect(skips).toEqual({ hidden, links, ignored });
  });

  it("a word permc cannot know may be an option that shows everything", () => {
    expect(walkSkips("rg", ["key", null])).toEqual({ hidden: false, links: false, ignored: false, shownHidden: [] });
  });

  // rg's globs override its filters: the hidden entries one matches are walked (`rg --glob=.env KEY` reads .env).
  it.each([
    ["rg -g .env key", true, [{ glob: ".env", caseless: false }]],
    ["rg -ng.e* key", true, [{ glob: ".e*", caseless: false }]],
    [
      "rg --glob=*.ts --iglob .ENV key",
      true,
      [
        { glob: "*.ts", caseless: false },
        { glob: ".ENV", caseless: true },
      ],
    ],
    ["rg -g !*.md key", true, []],
    ["rg --glob={.env,x} key", false, []],
    ["rg --hidden -g *.ts key", false, []],
  ])("%s → hidden %s, shown %j", (command, hidden, shown) => {
    const [name] = command.split(" ");
    const skips = walkSkips(name as string, words(command));
    expect(skips.hidden).toBe(hidden);
    expect(skips.shownHidden).toEqual(shown);
  });
});

describe("through the gate", () => {
  let policy: Policy;
  let cwd: string;
  beforeAll(async () => {
    const root = tempDir("default-directory");
    cwd = path.join(root, "proj");
    mkdirSync(path.join(cwd, "src"), { recursive: true });
    writeFileSync(path.join(cwd, ".env"), "SECRET=1\n");
    symlinkSync(".env", path.join(cwd, "envlink.txt"));
    writeFileSync(path.join(cwd, "src", "a.ts"), "");
    policy = (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": "deny" } })], { home: root })).policy!;
  });

  it.each([
    // rg, fd, tree and ls -R do not enter hidden entries unless an option shows them.
    ["rg key", "allow"],
    ["rg --hidden key", "ask"],
    ["rg -uu key", "ask"],
    ["rg -u -u key", "ask"],
    ["rg -u key", "allow"],
    ["rg -. key", "ask"],
    ["rg -L key", "ask"],
    ["rg key $DIR", "ask"],
    ["fd x", "allow"],
    ["fd -H x", "ask"],
    ["tree", "allow"],
    // Names only (issue 35): tree and find that list names do not read the tree; told to write or run, they do.
    ["tree -a", "allow"],
    ["tree -a -o out.txt", "ask"],
    ["ls -R", "allow"],
    ["ls -RA", "ask"],
    // grep opens every file it walks, so the .env it meets is read as surely as a named one: denied (walk-opens-files.ts).
    ["grep -r key", "deny"],
    // grep reads a directory operand recursively with `-d recurse` too, and GNU getopt takes abbreviations (tried with GNU grep 3.8).
    ["grep -d recurse key .", "deny"],
    ["grep -drec key .", "deny"],
    ["grep --directories=recurse key .", "deny"],
    ["grep --dir rec key .", "deny"],
    ["grep --recur key .", "deny"],
    // `--exclude=GLOB` leaves files out by name, as grep does (real grep is the oracle: excluded-directories.test.ts).
    ["grep -r --exclude=.env key .", "allow"],
    ["grep -r --exclude='*.env' key .", "allow"],
    ["grep -r --exclude=.en key .", "deny"],
    // An option that may leave the .env out, or stop the walk before it, asks: the person decides.
    ["grep -r --incl='*.ts' key .", "ask"],
    ["grep -rq key .", "ask"],
    ["grep -r -m1 key .", "ask"],
    ["grep -r key $OPTS .", "ask"],
    ["grep -d skip key .", "allow"],
    ["find -name '*.ts'", "allow"],
    ["find -name '*.ts' -exec wc -l {} +", "ask"],
    ["rg key src", "allow"],
    ["grep -rn key src", "allow"],
    ["find src -name '*.ts'", "allow"],
    // Uploaders and sync tools send every file under a directory; servers hand them out.
    ["aws s3 sync . s3://bucket", "ask"],
    ["rclone copy . remote:backup", "ask"],
    ["restic backup .", "ask"],
    ["aws s3 sync src s3://bucket", "allow"],
    ["aws s3 ls", "allow"],
    ["python3 -m http.server 8000", "ask"],
    ["php -S localhost:8000", "ask"],
    ["npx serve", "ask"],
    ["npx serve src", "allow"],
    ["php src/a.php", "allow"],
    // busybox's httpd serves the directory it runs in, or `-h DIR`; caddy and twistd their working directory or `--root`/`--path`.
    ["busybox httpd -f -p 8080", "ask"],
    ["httpd -f -v -p 8080", "ask"],
    ["httpd -f -h src", "allow"],
    ["caddy file-server --listen :8080", "ask"],
    ["caddy file-server --root src", "allow"],
    ["twistd -n web --path .", "ask"],
    ["twistd -n web --path src", "allow"],
    // Searchers, secret scanners and counters read every file under the directory.
    ["rga key", "ask"],
    ["gitleaks detect -v", "ask"],
    ["detect-secrets scan", "ask"],
    ["tokei", "ask"],
    ["cloc src", "allow"],
    ["semgrep scan --config auto src", "allow"],
    // Runners that load .env without naming it (readsImplicitly), when it is there.
    ["dotenv -- env", "ask"],
    ["dotenvx run -- env", "ask"],
    ["env-cmd node app.js", "ask"],
    ["foreman run env", "ask"],
    ["pipenv run env", "ask"],
    ["bun run env", "ask"],
    ["bun test", "ask"],
  ])("%s in a folder holding .env → %s", async (command, action) => {
    const d = await createGate(policy, { cwd, home: path.dirname(cwd) }).decide({ tool: "bash", input: { command } });
    expect(d.action).toBe(action);
  });

  it("a denied file that is not hidden is searched: rg key asks", async () => {
    const nested = path.join(path.dirname(cwd), "nested");
    mkdirSync(path.join(nested, "conf"), { recursive: true });
    writeFileSync(path.join(nested, "conf", "prod.env"), "SECRET=1\n");
    const d = await createGate(policy, { cwd: nested, home: path.dirname(cwd) }).decide({ tool: "bash", input: { command: "rg key" } });
    expect(d.action).toBe("ask");
  });

  it("a hidden directory named on the command line is searched (rg key .cfg)", async () => {
    const named = path.join(path.dirname(cwd), "named");
    mkdirSync(path.join(named, ".cfg"), { recursive: true });
    writeFileSync(path.join(named, ".cfg", "x.env"), "SECRET=1\n");
    const d = await createGate(policy, { cwd: named, home: path.dirname(cwd) }).decide({ tool: "bash", input: { command: "rg key .cfg" } });
    expect(d.action).toBe("ask");
  });

  it("with RIPGREP_CONFIG_PATH set, rg's configuration may show hidden files", () => {
    const s = splitBash(UNLOADED_PARSER, "rg key", { cwd, home: path.dirname(cwd), ripgrepConfig: "/x/rc" });
    expect(s.ruleCandidates.some((c) => c.value === path.join(cwd, ".env"))).toBe(true);
  });

  it("a runner that loads .env reads nothing where there is none", async () => {
    const decide = (command: string) =>
      createGate(policy, { cwd: path.join(cwd, "src"), home: path.dirname(cwd) }).decide({ tool: "bash", input: { command } });
    expect((await decide("bun run env")).action).toBe("allow");
    // dotenv and foreman ask whether or not there is one, as the variables they load are never read
    // (knowledge/dev-environments.ts); a read of .env would deny.
    for (const command of ["dotenv -- env", "foreman run env"]) expect((await decide(command)).action, command).toBe("ask");
  });
});
