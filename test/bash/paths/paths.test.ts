/**
 * Path tokens for the bash `path` and `external_directory` gates: the
 * reference's extraction (cd folding, pattern-first commands, redirects) and
 * permc's stricter fixes where the reference's extraction misses a path.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { tokenShape } from "../../../runtime/bash/paths.js";
import { parser, split } from "../helpers.js";

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

const external = (command: string): string[] => split(p, command).externalPaths;
const candidates = (command: string): string[] => split(p, command).ruleCandidates.map((c) => c.value);

describe("reference extraction", () => {
  it.each([
    ["cd sub && cat ../y.txt", []],
    ["cd a | cat ../b.txt", ["/home/user/b.txt"]],
    ["cd - && ls ../up", ["/home/user/up"]],
    ["cat '/etc/pass'\"wd\"", ["/etc/passwd"]],
    ["echo hi > ../../escape.txt", ["/home/escape.txt"]],
    ["cd /etc & cat hosts", ["/etc"]],
    ["(cd /etc && cat ../x.txt)", ["/etc", "/x.txt"]],
    ["grep -r 'a.*b' /var/log", ["/var/log"]],
    ["rg -e foo -- /opt/x", ["/opt/x"]],
    ["cat ~/.ssh/id_rsa", ["/home/user/.ssh/id_rsa"]],
  ])("%s → external %j", (command, paths) => {
    expect(external(command)).toEqual(paths);
  });

  it.each([
    ["git show HEAD:src/x.ts", "/home/user/project/HEAD:src/x.ts"],
    ['cat "$DIR/file"', "/home/user/project/$DIR/file"],
    ["head -n1 .env.local", "/home/user/project/.env.local"],
    ["GIT_TRACE=/etc/passwd git status", "/etc/passwd"],
    ["export GIT_TRACE=/etc/passwd; git status", "/etc/passwd"],
    ["ENV_FILE=.env node app.js", "/home/user/project/.env"],
  ])("%s → rule candidate %s", (command, value) => {
    expect(candidates(command)).toContain(value);
  });

  it.each([["npm i @scope/pkg"], ["curl https://example.com/x"], ["grep 'a\\|b' src"]])("%s has no candidate for its non-path token", (command) => {
    expect(candidates(command).filter((v) => v.includes("scope") || v.includes("example") || v.includes("bar/x") || v.includes("a\\|b"))).toEqual([]);
  });

  // A value spelt like no path is a word a program may open too (`XAUTHORITY=envlink.txt xauth list` read .env): a bare
  // token, as an argument is, in front of a command, on its own, exported, and as an array's element.
  it.each([["XAUTHORITY=x.env xauth list"], ["f=x.env; cat $f"], ["export XAUTHORITY=x.env; xauth list"], ["a=(x.env); XAUTHORITY=${a[0]} xauth list"]])(
    "%s: the value is a bare token",
    (command) => {
      expect(split(p, command).bareTokens.map((c) => c.value)).toContain("/home/user/project/x.env");
    },
  );

  // The reference drops env prefixes; permc checks a path-shaped value too (`GIT_TRACE=/etc/passwd git status` appends to it).
  it("FOO=bar/x make: the value is a permc candidate, not a reference one", () => {
    const found = split(p, "FOO=bar/x make").ruleCandidates.filter((c) => c.value.includes("bar/x"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.derived === true)).toBe(true);
  });

  it.each([
    ["/etc/x", "external"],
    ["~/x", "external"],
    ["a/../b", "external"],
    ["C:/x", "external"],
    [".env", "rule"],
    ["src/a.ts", "rule"],
    ["id_rsa", "bare"],
    ["-rf", "reject"],
    ["A=b/c", "reject"],
    ["https://x/y", "reject"],
    ["@types/node", "reject"],
    ["@/x", "rule"],
    ["a.*b/c", "reject"],
    ["[ab]/c", "reject"],
  ])("token %s has shape %s", (token, shape) => {
    expect(tokenShape(token)).toBe(shape);
  });
});

describe("permc's stricter token fixes (paths the reference's extraction misses)", () => {
  it.each([
    ["a numeric flag value fills the flag's slot", "grep -A 3 pat /etc/shadow", "/etc/shadow"],
    ["a numeric -m value fills the flag's slot", "grep -m 2 token /etc/shadow", "/etc/shadow"],
    ["sed -i takes no separate argument", "sed -i 's/x/y/' /etc/hosts", "/etc/hosts"],
    ["cd -P DIR folds DIR", "cd -P /etc && cat ../x/y", "/x/y"],
    ["~ is the home directory", "ls ~", "/home/user"],
    ["~user is another user's home", "ls ~root/x", "~root/x"],
    ["a payload's tokens count", "bash -c 'cat /etc/shadow'", "/etc/shadow"],
    ["a backslash-escaped path", "cat \\/etc/passwd", "/etc/passwd"],
    ["$HOME expands", 'cat "$HOME/.ssh/id_rsa"', "/home/user/.ssh/id_rsa"],
    ["key=/path values", "dd if=/etc/shadow of=/tmp/x", "/etc/shadow"],
    ["--opt=/path values", "tool --config=/etc/app.conf", "/etc/app.conf"],
    ["substitutions in redirect targets", "ls > $(cat /etc/x)", "/etc/x"],
    ["a relative path under a folded cd", "cd /tmp && cat x/y", "/tmp/x/y"],
    ["heredoc continuations", "cat <<EOF && cat /etc/x\nbody\nEOF", "/etc/x"],
    ["a [ ] file test looks at its operand", "[ -s /etc/shadow ] && echo y", "/etc/shadow"],
    ["ls with no operand lists where it runs", "cd /etc && ls -la", "/etc"],
    ["ls after a bare cd lists the home directory", "cd; ls", "/home/user"],
    ["a file read after @ (httpie, gh api -F, ansible -e)", "http POST x @/etc/shadow", "/etc/shadow"],
    ["a field read from a file", "http POST x key:=@/etc/shadow", "/etc/shadow"],
    ["an upload field", "xh POST x f@/etc/shadow", "/etc/shadow"],
    ["a [[ ]] file test inside ! and &&", "[[ -n $x && ! -r /etc/shadow ]]", "/etc/shadow"],
    ["both operands of -nt", "[ /etc/a -nt /etc/b ]", "/etc/b"],
  ])("%s: %s", (_label, command, path) => {
    expect(external(command)).toContain(path);
  });

  it.each([["git log @{u}"], ["npm i @types/node"], ["git commit --author=me@example.com"]])("%s: an @ that names no file is no path", (command) => {
    expect(candidates(command).filter((v) => v.includes("{u}") || v.includes("types") || v.includes("example"))).toEqual([]);
  });

  it.each([["[ -n /etc/x ]"], ['[[ "$a" == /etc/* ]]'], ["[ /etc/x = y ]"], ["[ -t 1 ]"]])("%s: a string test's operand is no path", (command) => {
    expect(external(command)).toEqual([]);
  });

  it("marks permc's extra candidates as derived", () => {
    const s = split(p, "cat \\/etc/passwd");
    expect(s.ruleCandidates.find((c) => c.value === "/etc/passwd")?.derived).toBe(true);
  });

  it("reports bare names for promotion by specific path rules", () => {
    expect(split(p, "cat id_rsa").bareTokens.map((c) => c.token)).toContain("id_rsa");
  });

  it("/dev/null is never external", () => {
    expect(external("ls > /dev/null 2>&1")).toEqual([]);
  });
});

describe("directories a command writes files under", () => {
  const patterns = (command: string) =>
    split(p, command)
      .pathPatterns.filter((x) => x.role === "write")
      .map((x) => x.token);
  it.each([
    ["cp -t /etc x", "/etc"],
    ["mv --target-directory=/srv/out a b", "/srv/out"],
    // GNU getopt: a unique prefix of a long option is that option.
    ["cp --target=/srv/out a", "/srv/out"],
    ["ln -s --targ /srv/out a", "/srv/out"],
    ["git clone https://x/y.git ~/.ssh", "/home/user/.ssh"],
    ["git init /tmp/repo", "/tmp/repo"],
    ["unzip -d out a.zip", "out"],
    ["pip install --target /srv/lib x", "/srv/lib"],
    ["pip install -t /srv/lib x", "/srv/lib"],
    ["pip download -d /srv/dl x", "/srv/dl"],
  ])("%s writes under %s", (command, dir) => {
    expect(patterns(command)).toContain(dir);
  });

  describe("a file copied into a directory lands as its own name", () => {
    let top: string;
    beforeAll(() => {
      top = mkdtempSync(path.join(os.tmpdir(), "permc-file-into-"));
      mkdirSync(path.join(top, "dir"));
    });
    afterAll(() => rmSync(top, { recursive: true, force: true }));
    const writes = (command: string) =>
      splitBash(p, command, { cwd: top, home: "/home/user" })
        .ruleCandidates.filter((c) => c.role === "write")
        .map((c) => c.value);
    it.each([
      ["cp x dir", "dir/x"],
      ["cp a b dir", "dir/b"],
      ["install -m 644 x dir", "dir/x"],
      ["ln -s /etc/passwd dir", "dir/passwd"],
      ["cp x dir/", "dir/x"],
      // Not there yet: made by the same command, it still lands under its own name.
      ["echo > y && cp y dir", "dir/y"],
    ])("%s writes %s", (command, landed) => {
      expect(writes(command)).toContain(path.join(top, landed));
    });

    it("a destination that is not a directory is the file written, not a directory to land in", () => {
      expect(writes("cp x y").some((v) => v.startsWith(path.join(top, "y") + "/"))).toBe(false);
    });
  });

  it.each([["cp a b"], ["unzip -l a.zip"]])("%s names no such directory", (command) => {
    expect(patterns(command)).toEqual([]);
  });
});

describe("commands that write files their data names (archives, patches, downloads)", () => {
  const writeDirs = (command: string) =>
    split(p, command)
      .pathPatterns.filter((x) => x.role === "write")
      .map((x) => x.token);
  it.each([
    // Into the working directory: nothing names where the files go.
    ["tar xf a.tar", ["."]],
    ["tar -xzf a.tgz", ["."]],
    ["tar --extract --file=a.tar", ["."]],
    ["bsdtar -xf a.tar", ["."]],
    ["unzip a.zip", ["."]],
    ["7z x a.7z", ["."]],
    ["ar x lib.a", ["."]],
    ["cpio -i < a.cpio", ["."]],
    ["cpio --extract < a.cpio", ["."]],
    ["patch -p1 < fix.diff", ["."]],
    ["patch -p1 -i fix.diff", ["."]],
    ["git apply fix.diff", ["."]],
    ["git am < fix.mbox", ["."]],
    ["git clone https://x/y.git", ["."]],
    ["wget https://x/y", ["."]],
    ["curl -O https://x/y", ["."]],
    ["curl -sSLJO https://x/y", ["."]],
    // Into the directory an option names.
    ["tar xf a.tar -C /etc", ["/etc"]],
    ["tar -x -f a.tar --directory=/etc", ["/etc"]],
    ["tar xfC a.tar /etc", ["/etc"]],
    ["unzip a.zip -d /etc", ["/etc"]],
    ["7z x a.7z -o/etc", ["/etc"]],
    ["cpio -p /etc < list", ["/etc"]],
    ["patch -d /etc -p1 < fix.diff", ["/etc"]],
    // Under the directory git moves to only: the respelling `git apply fix.diff` is for the rules, not another place it writes.
    ["git -C /etc apply fix.diff", ["/etc"]],
    ["git clone https://x/y.git /etc/y", ["/etc/y"]],
    ["wget -P /etc https://x/y", ["/etc"]],
    ["curl --output-dir /etc -O https://x/y", ["/etc"]],
  ])("%s writes under %j", (command, dirs) => {
    expect(writeDirs(command)).toEqual(dirs);
  });

  describe("a tar archive permc can read names what it writes", () => {
    let top: string;
    beforeAll(() => {
      top = mkdtempSync(path.join(os.tmpdir(), "permc-tar-names-"));
      mkdirSync(path.join(top, "src", "sub"), { recursive: true });
      writeFileSync(path.join(top, "src", "sub", "b.txt"), "b\n");
      const made = spawnSync("tar", ["cf", path.join(top, "a.tar"), "-C", path.join(top, "src"), "."], { stdio: "ignore" });
      if (made.status !== 0) throw new Error("tar could not make the test archive");
      symlinkSync("/etc", path.join(top, "src", "e"));
      spawnSync("tar", ["cf", path.join(top, "l.tar"), "-C", path.join(top, "src"), "."], { stdio: "ignore" });
    });
    afterAll(() => rmSync(top, { recursive: true, force: true }));
    const at = (command: string) => splitBash(p, command, { cwd: top, home: "/home/user" });
    const anywhere = (command: string) => at(command).pathPatterns.some((x) => x.forms.some((f) => f.length === 1 && f[0]?.kind === "any"));

    it("its members are the files written, with no prefix query", () => {
      const s = at("tar xf a.tar -C out");
      expect(s.ruleCandidates.filter((c) => c.role === "write").map((c) => c.value)).toContain(path.join(top, "out", "sub", "b.txt"));
      expect(s.pathPatterns.filter((x) => x.role === "write")).toEqual([]);
    });

    it("without links in it, a path under where it lands is what it seems", () => {
      expect(anywhere("tar xf a.tar && cat sub/b.txt")).toBe(false);
      expect(anywhere("tar xf l.tar && cat e/passwd")).toBe(true);
    });

    it.each([
      ["tar xf a.tar --strip-components=1"],
      ["tar xf a.tar --strip-comp=1"],
      ["tar xf a.tar --one-top-level"],
      ["tar xf a.tar --backup"],
      ["tar xf a.tar --recursive-unlink"],
      ["tar xif a.tar"],
      ["tar -x --ignore-zeros -f a.tar"],
      ["tar -xGf a.tar"],
      ["tar xf - < a.tar"],
      ["tar xf missing.tar"],
      ["tar -xPf a.tar"],
    ])("%s keeps the prefix query", (command) => {
      expect(at(command).pathPatterns.some((x) => x.role === "write")).toBe(true);
    });
  });

  it("a directory that depends on an expansion may be any: so may every path written", () => {
    const found = split(p, 'tar -C "$D" -xf a.tar').pathPatterns.find((x) => x.token === '"$D"');
    expect(found?.role).not.toBe("read");
    expect(found?.forms).toContainEqual([{ kind: "any" }]);
  });

  it.each([
    ["tar cf x.tar src"],
    ["tar tf a.tar"],
    ["tar xOf a.tar"],
    ["tar -xf a.tar --to-stdout"],
    ["unzip -l a.zip"],
    ["unzip -p a.zip f"],
    ["7z l a.7z"],
    ["ar t lib.a"],
    ["ar rcs lib.a a.o"],
    ["cpio -t < a.cpio"],
    ["cpio -o < list"],
    ["patch --dry-run -p1 < fix.diff"],
    ["git apply --check fix.diff"],
    ["git apply --stat fix.diff"],
    ["wget -O out.html https://x/y"],
    ["wget --spider https://x/y"],
    ["curl https://x/y"],
    ["curl -o out https://x/y"],
  ])("%s writes no file its data names", (command) => {
    expect(writeDirs(command)).toEqual([]);
  });

  it("reads an old-style tar cluster's values in order (`tar cfC x.tar DIR FILE` reads DIR/FILE)", () => {
    expect(split(p, "tar cfC /tmp/x.tar /etc passwd").ruleCandidates.map((c) => c.value)).toContain("/etc/passwd");
  });
});

describe("names a program reads from its input or a list are paths permc cannot know", () => {
  const anyPath = (command: string) =>
    split(p, command).pathPatterns.some((x) => x.role !== "read" && x.forms.some((form) => form.length === 1 && form[0]?.kind === "any"));
  it.each([
    ["ls ~/.ssh | xargs cat"],
    ["find . -type f | xargs -0 grep key"],
    ["ls | xargs -I{} cp {} /tmp/"],
    ["xargs cat < list"],
    ["xargs -a list cat"],
    // Lists of names: in a file, or on standard input.
    ["tar -cf /tmp/x.tar -T list"],
    ["tar -czf x.tgz --files-from=list"],
    ["tar cTf list x.tar"],
    ["rsync -a --files-from=list / out"],
    ["wc --files0-from=list"],
    ["du --files0-from=list"],
    ["sort --files0-from=list"],
    ["git add --pathspec-from-file=list"],
    ["7z a x.7z @list"],
    ["cpio -o < list > x.cpio"],
    ["cpio -p out < list"],
    ["find -files0-from list -exec cat {} +"],
    ["zip x.zip -@ < list"],
  ])("%s may read any file", (command) => {
    expect(anyPath(command)).toBe(true);
  });

  it.each([
    ["ls ~/.ssh"],
    ["cat a.txt"],
    ["find . -name x -exec cat {} +"],
    ["tar -cf x.tar src"],
    ["wc -l a.txt"],
    ["git add a.txt"],
    ["7z a x.7z src"],
    ["zip -r x.zip src"],
    // A program that never opens its operands.
    ["ls | xargs echo"],
    ["pgrep node | xargs kill"],
  ])("%s reads no input word", (command) => {
    expect(anyPath(command)).toBe(false);
  });
});

describe("a redirect target or file test permc cannot know", () => {
  it.each([["echo x > $f"], ["echo x > ${f:-.env}"], ["echo x >> $(date)"], ["cat < $f"], ["[ -s $f ]"], ["[[ -f ${x:-.env} ]]"]])(
    "%s is an unknown path",
    (command) => {
      const s = split(p, command);
      expect(s.pathPatterns.some((x) => x.kind === "unknown" && x.forms.some((form) => form.length === 1 && form[0]?.kind === "any"))).toBe(true);
    },
  );
});

describe("a glob component that may be `..` (bash before 5.2 expands `.*` to it)", () => {
  const anywhere = (command: string) => split(p, command).pathPatterns.some((x) => x.forms.some((form) => form.length === 1 && form[0]?.kind === "any"));
  it.each([["cat .*/etc/passwd"], ["ls .*"], ["cat .?/x"], ["cat src/.?*/x"]])("%s may reach any path", (command) => {
    expect(anywhere(command)).toBe(true);
  });
  it.each([["rm -rf .??*"], ["cat .[!.]*"], ["ls .cache*"], ["cat *.ts"]])("%s cannot be `..`", (command) => {
    expect(anywhere(command)).toBe(false);
  });
});

describe("programs with a record keep their operands as paths", () => {
  it.each([["wc -c .en?"], ["du -sh ~/.ss?"], ["wc -l $F"]])("%s: an operand bash expands is a path pattern", (command) => {
    expect(split(p, command).pathPatterns.length).toBeGreaterThan(0);
  });
});

describe("git reads a path's content from a revision or the index (`git show HEAD:.env`)", () => {
  let top: string;
  beforeAll(() => {
    top = mkdtempSync(path.join(os.tmpdir(), "permc-git-objects-"));
    mkdirSync(path.join(top, ".git"));
    mkdirSync(path.join(top, "sub"));
  });
  afterAll(() => {
    if (top !== undefined) rmSync(top, { recursive: true, force: true });
  });
  // A bare name (`a.env`) is a candidate the path rules promote (bareTokens), as in `cat a.env`.
  const reads = (command: string, cwd: string) => {
    const s = splitBash(p, command, { cwd, home: "/home/user" });
    return [...s.ruleCandidates, ...s.bareTokens].filter((c) => c.role === "read").map((c) => c.value);
  };

  it.each([
    ["git show HEAD:.env", ".env"],
    ["git show main:src/.env", "src/.env"],
    ["git cat-file -p :0:.env", ".env"],
    ["git cat-file blob :.env", ".env"],
    ["git diff HEAD:a.env HEAD~1:a.env", "a.env"],
  ])("%s reads %s from the top of the repository, wherever it runs", (command, file) => {
    expect(reads(command, path.join(top, "sub"))).toContain(path.join(top, file));
  });

  it("a ./ or ../ path is relative to where it runs", () => {
    expect(reads("git show HEAD:./x.env", path.join(top, "sub"))).toContain(path.join(top, "sub", "x.env"));
  });

  it.each([["git show HEAD"], ["git show :/fix"], ["git show HEAD:"], ["git diff main..dev"]])("%s names no file's content", (command) => {
    expect(reads(command, path.join(top, "sub"))).toEqual([]);
  });

  it.each([["git show $REV"], ["git cat-file --batch < objects"]])("%s may name any file's content", (command) => {
    expect(split(p, command).pathPatterns.some((x) => x.forms.some((form) => form.length === 1 && form[0]?.kind === "any"))).toBe(true);
  });

  it("git grep and git clean walk the files under where they run", () => {
    const walked = (command: string) => splitBash(p, command, { cwd: path.join(top, "sub"), home: "/home/user" }).ruleCandidates.map((c) => c.value);
    expect(walked("git grep KEY")).toContain(path.join(top, "sub"));
    // git clean removes untracked files (with -x the ignored ones: `.env`) under where it runs.
    expect(walked("git clean -fdx")).toContain(path.join(top, "sub"));
    // A dry run only names what it would remove.
    expect(walked("git clean -n")).not.toContain(path.join(top, "sub"));
    expect(walked("git clean --dry-run -x")).not.toContain(path.join(top, "sub"));
  });
});

describe("a path is the file the kernel opens: `..` after a symlink, /proc/self/cwd", () => {
  let top: string;
  beforeAll(() => {
    top = mkdtempSync(path.join(os.tmpdir(), "permc-kernel-paths-"));
    mkdirSync(path.join(top, "secret", "inner"), { recursive: true });
    writeFileSync(path.join(top, "secret", "key"), "");
    mkdirSync(path.join(top, "work"));
    symlinkSync(path.join(top, "secret", "inner"), path.join(top, "work", "link"));
  });
  afterAll(() => {
    if (top !== undefined) rmSync(top, { recursive: true, force: true });
  });
  const values = (command: string) => splitBash(p, command, { cwd: path.join(top, "work"), home: "/home/user" }).ruleCandidates.flatMap((c) => c.values);

  it.each([["cat link/../key"], ["cd link && cat ../key"], ["cat /proc/self/cwd/link/../key"], ["cd link && cat /proc/self/cwd/../key"]])(
    "%s reads secret/key",
    (command) => {
      expect(values(command)).toContain(path.join(top, "secret", "key"));
    },
  );
});

describe("paths under where a command makes links permc cannot see may be any path", () => {
  let top: string;
  beforeAll(() => {
    top = mkdtempSync(path.join(os.tmpdir(), "permc-made-links-"));
    mkdirSync(path.join(top, "plain", "sub"), { recursive: true });
    writeFileSync(path.join(top, "plain", "sub", "f"), "");
    mkdirSync(path.join(top, "linked"));
    symlinkSync("/etc", path.join(top, "linked", "etc"));
  });
  afterAll(() => {
    if (top !== undefined) rmSync(top, { recursive: true, force: true });
  });
  const anyPath = (command: string) =>
    splitBash(p, command, { cwd: top, home: "/home/user" }).pathPatterns.some((x) => x.forms.some((form) => form.length === 1 && form[0]?.kind === "any"));

  it.each([
    // An archive or a repository may hold a symlink to anywhere.
    ["tar xf a.tar && cat e/passwd"],
    ["unzip a.zip -d out && cat out/e/passwd"],
    ["git clone https://x/r && cat r/e/passwd"],
    // Extracted where permc cannot know: a link may be anywhere.
    ['tar -C "$D" -xf a.tar && cat x/passwd'],
    // Links placed in a way permc does not follow exactly.
    ["ln -s -t d /etc && cat d/etc/passwd"],
    ["cp -rs /etc e && cat e/passwd"],
    // A copy of a tree that holds a symlink, or of one the same command makes.
    ["cp -a linked out && cat out/etc/passwd"],
    ["mkdir -p made && cp -a made out && cat out/l/passwd"],
  ])("%s", (command) => {
    expect(anyPath(command)).toBe(true);
  });

  it.each([["tar xf a.tar"], ["unzip a.zip"], ["ln -s src/a.ts b.ts"], ["cp -a plain out && cat out/sub/f"], ["tar czf x.tgz src && cat src/a"]])(
    "%s: nothing is reached through a link it makes",
    (command) => {
      expect(anyPath(command)).toBe(false);
    },
  );
});
