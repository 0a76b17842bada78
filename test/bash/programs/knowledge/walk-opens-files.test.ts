/**
 * knowledge/walk-opens-files.ts as a table (issue 37): walkers that open every
 * file under the directories they walk: a denied file there is read as surely
 * as a named one; an option that may leave it out asks.
 *
 * The copiers and archivers (`cp -r`, `tar -c`, `zip -r`, `python -m zipfile -c`) have a table per
 * program below, with real programs under strace as the oracle (npm test
 * installs strace, tar and zip): every row wanted `deny` opens the project's
 * `.env` for reading, and every row is allowed in the same tree without it
 * (unless it asks there for another reason). A fresh destination `{OUT}` for
 * each run.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decideBash } from "../../../support/decide-bash.js";
import { KNOWLEDGE_POLICY, knowledgeTable } from "../../../support/knowledge-table.js";
import { tempDir } from "../../../support/temp-dir.js";
import { traced } from "../../strace-oracle.js";

knowledgeTable("walk-opens-files", [
  { command: "grep -r x .", want: "deny", why: "grep -r opens .env" },
  { command: "grep -r x src", want: "allow", why: "no denied file under src" },
  { command: "grep -rq x .", want: "ask", why: "-q may stop the walk before .env" },
  { command: "grep -r --exclude='*.env' x .", want: "allow", why: "--exclude leaves .env out" },
  { command: "gzip -r .", want: "deny", why: "gzip -r rewrites .env" },
  { command: "gzip -r src", want: "allow", why: "no denied file under src" },
  { command: "ctags -R .", want: "deny", why: "ctags -R opens every file" },
  { command: "cp -r . /tmp/x", want: "deny", why: "cp -r copies .env" },
  { command: "cp -rn . /tmp/x", want: "ask", why: "-n leaves a file the destination has alone" },
  { command: "tar -cf /tmp/x.tar .", want: "deny", why: "tar -c adds .env" },
  { command: "tar -tf a.tar", want: "allow", why: "listing is not creating" },
  { command: "zip -r /tmp/x.zip .", want: "deny", why: "zip -r adds .env" },
  { command: "zip -r /tmp/x.zip . -x other", want: "ask", why: "-x may leave .env out" },
]);

interface Row {
  readonly command: string;
  readonly want: "ask" | "deny";
  /** In the tree with no denied file: allowed unless the command asks there for another reason (names read from a file, links made, an options variable set). */
  readonly elsewhere?: "ask";
}

const root = tempDir("walk-opens-files");
/** The project, with a denied `.env`; the same tree without it; what the walks write, outside both. */
const proj = path.join(root, "proj");
const clean = path.join(root, "clean");
const home = path.join(root, "home");
const out = path.join(root, "out");
for (const dir of [proj, clean]) {
  mkdirSync(path.join(dir, "src"), { recursive: true });
  writeFileSync(path.join(dir, "notes.txt"), "notes\n");
  writeFileSync(path.join(dir, "src", "a.txt"), "a\n");
}
writeFileSync(path.join(proj, ".env"), "SECRET=1\n");
writeFileSync(path.join(root, "excluded"), ".env\n");
writeFileSync(path.join(root, "names"), "notes.txt\n");
mkdirSync(home);
mkdirSync(out);

const filled = (command: string): string => command.replaceAll("{OUT}", path.join(mkdtempSync(path.join(out, "o-")), "o")).replaceAll("{ROOT}", root);

function table(program: string, rows: readonly Row[]): void {
  describe(`${program} opens every file it walks`, () => {
    it.each(rows)("$command → $want", async ({ command, want, elsewhere: wantElsewhere = "allow" }) => {
      if (want === "deny") {
        const t = traced(filled(command), proj, { HOME: home }, out);
        expect(
          t.openedForReading.some((f) => path.basename(f) === ".env"),
          `${command} opens .env: ${t.out}`,
        ).toBe(true);
      }
      const decided = await decideBash(KNOWLEDGE_POLICY, filled(command), { cwd: proj, home });
      expect(decided.action, decided.reason ?? "").toBe(want);
      const elsewhere = await decideBash(KNOWLEDGE_POLICY, filled(command), { cwd: clean, home });
      expect(elsewhere.action, `in a tree with no denied file: ${elsewhere.reason ?? ""}`).toBe(wantElsewhere);
    });
  });
}

table("cp -r", [
  { command: "cp -r . {OUT}", want: "deny" },
  { command: "cp -R . {OUT}", want: "deny" },
  { command: "cp -a . {OUT}", want: "deny" },
  { command: "cp --recursive . {OUT}", want: "deny" },
  { command: "cp -rv --preserve=mode . {OUT}", want: "deny" },
  // A reflink clone opens the file for reading all the same.
  { command: "cp -r --reflink=auto . {OUT}", want: "deny" },
  { command: "cp -rP . {OUT}", want: "deny" },
  // Links instead of copies: the file is not opened.
  { command: "cp -rl . {OUT}", want: "ask" },
  { command: "cp -r --link . {OUT}", want: "ask" },
  { command: 'cp -rs "$PWD" {OUT}', want: "ask", elsewhere: "ask" },
  { command: 'cp -r --symbolic-link "$PWD" {OUT}', want: "ask", elsewhere: "ask" },
  // Files the destination already has may be left alone.
  { command: "cp -ru . {OUT}", want: "ask" },
  { command: "cp -r --update . {OUT}", want: "ask" },
  { command: "cp -rn . {OUT}", want: "ask" },
  { command: "cp -r --no-clobber . {OUT}", want: "ask" },
  { command: "cp -ri . {OUT}", want: "ask" },
  { command: "cp -r --interactive . {OUT}", want: "ask" },
  // Opens the file but copies no content.
  { command: "cp -r --attributes-only . {OUT}", want: "ask" },
  // Refused unless the destination is a directory already.
  { command: "cp -r --parents . {OUT}", want: "ask" },
  { command: "cp -rx . {OUT}", want: "ask" },
  { command: "cp -r --one-file-system . {OUT}", want: "ask" },
  { command: "cp -r --help . {OUT}", want: "ask" },
]);

table("tar -c", [
  { command: "tar -cf {OUT}.tar .", want: "deny" },
  { command: "tar cf {OUT}.tar .", want: "deny" },
  { command: "tar czf {OUT}.tgz .", want: "deny" },
  { command: "tar -czvf {OUT}.tgz .", want: "deny" },
  { command: "tar -c -f {OUT}.tar .", want: "deny" },
  { command: "tar --create --file={OUT}.tar .", want: "deny" },
  { command: "tar --create --file {OUT}.tar .", want: "deny" },
  { command: "tar -cf - . > {OUT}.tar", want: "deny" },
  { command: "tar -cf {OUT}.tar --exclude=other .", want: "ask" },
  { command: "tar -cf {OUT}.tar --exclude-vcs .", want: "ask" },
  { command: "tar -cf {OUT}.tar --exclude-caches-all .", want: "ask" },
  { command: "tar -cf {OUT}.tar --exclude-tag=x .", want: "ask" },
  { command: "tar -cf {OUT}.tar --exclude-from={ROOT}/excluded .", want: "ask" },
  { command: "tar -cf {OUT}.tar -X {ROOT}/excluded .", want: "ask" },
  { command: "tar -cXf {ROOT}/excluded {OUT}.tar .", want: "ask" },
  { command: "tar cXf {ROOT}/excluded {OUT}.tar .", want: "ask" },
  { command: "tar -cf {OUT}.tar -N 2030-01-01 .", want: "ask" },
  { command: "tar -cf {OUT}.tar --newer-mtime=2030-01-01 .", want: "ask" },
  { command: "tar -cf {OUT}.tar --after-date=2030-01-01 .", want: "ask" },
  { command: "tar -cf {OUT}.tar --no-recursion .", want: "ask" },
  { command: "tar -cf {OUT}.tar -T {ROOT}/names .", want: "ask", elsewhere: "ask" },
  { command: "tar -cf {OUT}.tar --null -T {ROOT}/names .", want: "ask", elsewhere: "ask" },
  { command: "tar -cf {OUT}.tar --one-file-system .", want: "ask" },
  { command: "tar -cf {OUT}.tar --help .", want: "ask" },
  // `-C DIR` walks DIR, not the directory it runs in.
  { command: "tar -C {ROOT}/clean -cf {OUT}.tar .", want: "ask" },
  { command: "tar -cf {OUT}.tar --directory={ROOT}/clean .", want: "ask" },
  { command: "tar cCf {ROOT}/clean {OUT}.tar .", want: "ask" },
  // Options tar reads from the environment, as the command sets it.
  { command: "TAR_OPTIONS=--exclude=other tar -cf {OUT}.tar .", want: "ask", elsewhere: "ask" },
  { command: "export TAR_OPTIONS=--exclude=other; tar -cf {OUT}.tar .", want: "ask", elsewhere: "ask" },
  { command: "env TAR_OPTIONS=--exclude=other tar -cf {OUT}.tar .", want: "ask", elsewhere: "ask" },
  // Not creating: `-f c` names the archive c; append (`-r`) is another mode, not modelled here.
  { command: "tar -fc {OUT}.tar .", want: "ask" },
  { command: "tar -rf {OUT}.tar .", want: "ask" },
]);

table("zip -r", [
  { command: "zip -r {OUT}.zip .", want: "deny" },
  { command: "zip -rq {OUT}.zip .", want: "deny" },
  { command: "zip -r9 {OUT}.zip .", want: "deny" },
  { command: "zip --recurse-paths {OUT}.zip .", want: "deny" },
  { command: "zip -r -T {OUT}.zip .", want: "deny" },
  { command: "zip -r -y {OUT}.zip .", want: "deny" },
  { command: "zip -r {OUT}.zip . -x other", want: "ask" },
  { command: "zip -r {OUT}.zip . --exclude other", want: "ask" },
  { command: "zip -r {OUT}.zip . -i '*.txt'", want: "ask" },
  { command: "zip -r {OUT}.zip . --include '*.txt'", want: "ask" },
  { command: "zip -r -t 2030-01-01 {OUT}.zip .", want: "ask" },
  { command: "zip -r -tt 2000-01-01 {OUT}.zip .", want: "ask" },
  { command: "zip -r -@ {OUT}.zip . < {ROOT}/names", want: "ask", elsewhere: "ask" },
  { command: "zip -r -u {OUT}.zip .", want: "ask" },
  { command: "zip -r -f {OUT}.zip .", want: "ask" },
  { command: "zip -r -FS {OUT}.zip .", want: "ask" },
  { command: "zip -r -d {OUT}.zip .", want: "ask" },
  { command: "zip -r -sf {OUT}.zip .", want: "ask" },
  { command: "zip -r -e {OUT}.zip .", want: "ask" },
  { command: "zip -r -h {OUT}.zip .", want: "ask" },
  // Options zip reads from the environment, as the command sets it.
  { command: "ZIPOPT=-q zip -r {OUT}.zip .", want: "ask", elsewhere: "ask" },
  { command: "env ZIPOPT=-q zip -r {OUT}.zip .", want: "ask", elsewhere: "ask" },
]);

// python's archive modules creating (knowledge/python-modules.ts: the option says so, as the module has no name of its own here).
table("python -m zipfile/tarfile -c", [
  { command: "python3 -m zipfile -c {OUT}.zip .", want: "deny" },
  { command: "python3 -m zipfile --create {OUT}.zip notes.txt .", want: "deny" },
  { command: "python3 -m tarfile -c {OUT}.tar .", want: "deny" },
  { command: "python3 -m tarfile --create {OUT}.tar .", want: "deny" },
]);
