/**
 * paths/zip-members.ts reads a zip's central directory. The archives are
 * built here, byte by byte (stored members, made by Unix), so the test needs
 * no zip program; then `unzip` through the splitter names those members.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { archiveMembers } from "../../../runtime/bash/paths/archive-members.js";
import { zipMembers } from "../../../runtime/bash/paths/zip-members.js";
import { getBashParser, UNLOADED_PARSER } from "../../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { tempDir } from "../../support/temp-dir.js";

interface Entry {
  readonly name: string;
  readonly data?: string;
  readonly symlink?: boolean;
  /** The name's bytes are UTF-8 (general purpose flag bit 11). */
  readonly utf8?: boolean;
  readonly raw?: Buffer;
}

/** A zip of stored members: local headers, then the central directory, then the end record. */
function zip(entries: readonly Entry[], opts: { zip64?: boolean; comment?: string } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = e.raw ?? Buffer.from(e.name, "utf8");
    const data = Buffer.from(e.data ?? "");
    const flags = e.utf8 === true ? 0x800 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 30, 4); // made by Unix
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.symlink === true ? 0o120777 : 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const comment = Buffer.from(opts.comment ?? "");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(opts.zip64 === true ? 0xffff : entries.length, 8);
  end.writeUInt16LE(opts.zip64 === true ? 0xffff : entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...locals, directory, end, comment]);
}

let root: string;
const file = (name: string, bytes: Buffer): string => {
  const f = path.join(root, name);
  writeFileSync(f, bytes);
  return f;
};

beforeAll(() => {
  root = tempDir("zip-members");
});

describe("zipMembers", () => {
  it("names every member, directories without their slash, ./ dropped", () => {
    const f = file(
      "a.zip",
      zip([{ name: "sub/" }, { name: "sub/b.txt", data: "b" }, { name: "./.env", data: "S" }, { name: "ünï.txt", utf8: true }], { comment: "a comment" }),
    );
    expect(zipMembers(f)).toEqual({ names: ["sub", "sub/b.txt", ".env", "ünï.txt"], links: false });
    expect(archiveMembers(f, "zip")).toEqual(zipMembers(f));
    // For tar a zip is refused: bsdtar (macOS's tar) would extract it, GNU tar would not.
    expect(archiveMembers(f, "tar")).toBeNull();
  });

  it("says a symlink member makes a link", () => {
    expect(zipMembers(file("l.zip", zip([{ name: "e", data: "/etc", symlink: true }, { name: "f" }])))?.links).toBe(true);
  });

  it.each([
    ["an absolute member", [{ name: "/etc/x" }]],
    ["a member that climbs out", [{ name: "a/../../x" }]],
    ["a backslash", [{ name: "a\\b" }]],
    ["a name in a legacy code page", [{ name: "x", raw: Buffer.from([0x82, 0x61]) }]],
  ])("gives up on %s", (_what, entries) => {
    expect(zipMembers(file("bad.zip", zip(entries)))).toBeNull();
  });

  it("takes no end-record signature inside the archive's comment for the record", () => {
    const inner = zip([{ name: "x" }]);
    // A comment that carries a second, fake end record: the real one's comment must reach the end of the file.
    const fake = zip([{ name: "a" }], { comment: `junk${inner.subarray(inner.length - 22).toString("latin1")}` });
    expect(zipMembers(file("comment.zip", fake))?.names).toEqual(["a"]);
  });

  it("gives up on zip64, a file with no end record, and a missing file", () => {
    expect(zipMembers(file("z64.zip", zip([{ name: "a" }], { zip64: true })))).toBeNull();
    expect(zipMembers(file("plain.txt", Buffer.from("PK\x03\x04 not really")))).toBeNull();
    expect(zipMembers(path.join(root, "missing.zip"))).toBeNull();
  });
});

describe("unzip through the splitter", () => {
  const writes = async (command: string) => {
    const s = splitBash(await getBashParser(), command, { cwd: root, home: "/home/user" });
    return { names: s.ruleCandidates.filter((c) => c.role === "write").map((c) => c.value), prefix: s.pathPatterns.some((x) => x.role === "write") };
  };

  it("names the members it writes, under -d too", async () => {
    file("ok.zip", zip([{ name: "sub/b.txt", data: "b" }]));
    const here = await writes("unzip ok.zip");
    expect(here.names).toContain(path.join(root, "sub", "b.txt"));
    expect(here.prefix).toBe(false);
    expect((await writes("unzip -q ok.zip -d out")).names).toContain(path.join(root, "out", "sub", "b.txt"));
  });

  it("with UNZIP set where it runs (options unzip reads), keeps the prefix query", () => {
    file("ok.zip", zip([{ name: "sub/b.txt", data: "b" }]));
    const s = splitBash(UNLOADED_PARSER, "unzip ok.zip", { cwd: root, home: "/home/user", archiveOptions: "-L" });
    expect(s.pathPatterns.some((x) => x.role === "write")).toBe(true);
  });

  it.each([["unzip -j ok.zip"], ["unzip -L ok.zip"], ["unzip -U ok.zip"], ["unzip missing.zip"]])("%s keeps the prefix query", async (command) => {
    file("ok.zip", zip([{ name: "sub/b.txt", data: "b" }]));
    expect((await writes(command)).prefix).toBe(true);
  });
});
