/**
 * paths/tar-members.ts against real GNU tar: the names `tar tf` lists (less
 * `./` and the trailing `/` of directories) for every format tar writes, a
 * `links` flag for symlinks and hard links, and null — the caller keeps its
 * prefix query — for anything permc should not trust.
 */
import { spawnSync } from "node:child_process";
import { linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { archiveMembers } from "../../../runtime/bash/paths/archive-members.js";
import { tarMembers } from "../../../runtime/bash/paths/tar-members.js";
import { tempDir } from "../../support/temp-dir.js";

let root: string;
// Long enough that GNU format needs a long-name header under `plain/`, short enough for ustar's prefix field.
const LONG = "d".repeat(90);

function tar(args: string[]): void {
  const run = spawnSync("tar", args, { cwd: root, stdio: "ignore" });
  if (run.status !== 0) throw new Error(`tar ${args.join(" ")} failed`);
}

/** A ustar header: name, type flag and size, with its checksum. */
function tarHeader(name: string, type: string, size: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, "utf8");
  h.write("0000644\0", 100);
  h.write(`${size.toString(8).padStart(11, "0")}\0`, 124);
  h.write(type, 156);
  h.write("ustar\u000000", 257, "latin1");
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
  return h;
}

/** What GNU tar itself lists, as tarMembers spells it. */
function listed(archive: string): string[] {
  const out = spawnSync("tar", ["tf", archive], { cwd: root, encoding: "utf8" }).stdout;
  return out
    .split("\n")
    .map((n) => n.replace(/^(?:\.\/)+/, "").replace(/\/+$/, ""))
    .filter((n) => n !== "" && n !== ".");
}

beforeAll(() => {
  root = tempDir("tar-members");
  mkdirSync(path.join(root, "plain", "sub", LONG), { recursive: true });
  writeFileSync(path.join(root, "plain", "a.txt"), "a\n");
  writeFileSync(path.join(root, "plain", ".env"), "S=1\n");
  writeFileSync(path.join(root, "plain", "ünï.txt"), "u\n");
  writeFileSync(path.join(root, "plain", "sub", LONG, "long.txt"), "l\n");
  mkdirSync(path.join(root, "links"));
  writeFileSync(path.join(root, "links", "f"), "f\n");
  symlinkSync("/etc", path.join(root, "links", "e"));
  mkdirSync(path.join(root, "hard"));
  writeFileSync(path.join(root, "hard", "f"), "f\n");
  linkSync(path.join(root, "hard", "f"), path.join(root, "hard", "g"));
  tar(["cf", "ustar.tar", "--format=ustar", "-C", "plain", "."]);
  tar(["cf", "gnu.tar", "--format=gnu", "plain"]);
  tar(["cf", "pax.tar", "--format=pax", "-C", "plain", "."]);
  tar(["czf", "gz.tgz", "-C", "plain", "."]);
  tar(["cf", "links.tar", "-C", "links", "."]);
  tar(["cf", "hard.tar", "-C", "hard", "."]);
  tar(["cPf", "absolute.tar", path.join(root, "plain", "a.txt")]);
  // A sparse file as pax format 1.0 writes it (built here: whether GNU tar sees a hole depends on the file system):
  // the header holds a placeholder name, the real one is in a GNU.sparse.name record.
  const record = (text: string): string => {
    let length = text.length + 3;
    while (`${length} ${text}\n`.length !== length) length = `${length} ${text}\n`.length;
    return `${length} ${text}\n`;
  };
  const pax = Buffer.from(record("GNU.sparse.name=s.env") + record("GNU.sparse.major=1"));
  const block = (data: Buffer): Buffer => Buffer.concat([data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
  // The same shape with a plain pax path record: proves the built headers are read (a bad checksum would also give null).
  const plainPax = Buffer.from(record("path=x.txt"));
  writeFileSync(
    path.join(root, "built-pax.tar"),
    Buffer.concat([tarHeader("./PaxHeaders/x", "x", plainPax.length), block(plainPax), tarHeader("placeholder", "0", 0), Buffer.alloc(1024)]),
  );
  writeFileSync(
    path.join(root, "sparse.tar"),
    Buffer.concat([tarHeader("./PaxHeaders/s.env", "x", pax.length), block(pax), tarHeader("./GNUSparseFile.0/s.env", "0", 0), Buffer.alloc(1024)]),
  );
  writeFileSync(path.join(root, "not-a-tar"), "hello\n");
  const whole = readFileSync(path.join(root, "ustar.tar"));
  writeFileSync(path.join(root, "truncated.tar"), whole.subarray(0, 700));
  writeFileSync(path.join(root, "bz.tar.bz2"), Buffer.from("BZh91AY&SY"));
});

describe("tarMembers reads what tar lists", () => {
  it.each([["ustar.tar"], ["gnu.tar"], ["pax.tar"], ["gz.tgz"]])("%s", (archive) => {
    const m = tarMembers(path.join(root, archive));
    expect(m).not.toBeNull();
    expect([...(m?.names ?? [])].sort()).toEqual(listed(archive).sort());
    expect(m?.links).toBe(false);
  });

  it("a pax path record names the member", () => {
    expect(tarMembers(path.join(root, "built-pax.tar"))).toEqual({ names: ["x.txt"], links: false });
  });

  it.each([["links.tar"], ["hard.tar"]])("%s makes a link", (archive) => {
    const m = tarMembers(path.join(root, archive));
    expect([...(m?.names ?? [])].sort()).toEqual(listed(archive).sort());
    expect(m?.links).toBe(true);
  });
});

describe("and gives up on what it should not trust", () => {
  it("a tar archive with a zip behind it is refused for tar (bsdtar might read the zip)", () => {
    const tarBytes = readFileSync(path.join(root, "ustar.tar"));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    const polyglot = path.join(root, "polyglot.tar");
    writeFileSync(polyglot, Buffer.concat([tarBytes, end]));
    expect(tarMembers(polyglot)).not.toBeNull();
    expect(archiveMembers(polyglot, "tar")).toBeNull();
    expect(archiveMembers(path.join(root, "ustar.tar"), "tar")).toEqual(tarMembers(path.join(root, "ustar.tar")));
  });

  it.each([
    ["absolute member names (tar -P)", "absolute.tar"],
    ["a file that is not a tar archive", "not-a-tar"],
    ["a truncated archive", "truncated.tar"],
    ["a compression it does not read", "bz.tar.bz2"],
    ["a sparse member whose real name is in a pax record", "sparse.tar"],
    ["a missing file", "missing.tar"],
  ])("%s → null", (_what, archive) => {
    expect(tarMembers(path.join(root, archive))).toBeNull();
  });
});
