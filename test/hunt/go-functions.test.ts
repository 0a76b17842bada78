/**
 * hunt/go-functions.ts: a Go program's function table read from the file,
 * on tables laid out byte by byte here (Go's pcHeader and function table),
 * then on a Go program the machine has (docker), whose symbol table gives the
 * same address; and the discovery's gdb run of it (hunt/go-env-reads.ts),
 * which sees the variables it reads.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goFunctionAddresses } from "../../hunt/go-functions.js";
import { gdbMissing, goAskedOnce, goGetenvAddress } from "../../hunt/go-env-reads.js";
import { missingTools } from "../../hunt/sandbox.js";

const TEXT_START = 0x401000n;

/** An ELF-looking file with Go's build-information marker and one function table of `functions` (name, entry offset). */
function goLike(functions: ReadonlyArray<readonly [string, number]>, o: { magic?: number; brokenRecord?: boolean } = {}): Buffer {
  const names = Buffer.from(functions.map(([n]) => `${n}\0`).join(""), "latin1");
  const table = 72;
  const functab = table + 72;
  const records = functab + 8 * (functions.length + 1);
  const namesAt = records + 8 * functions.length;
  const pcln = Buffer.alloc(namesAt + names.length);
  pcln.writeUInt32LE(o.magic ?? 0xfffffff1, 0);
  pcln[6] = 1;
  pcln[7] = 8;
  pcln.writeBigUInt64LE(BigInt(functions.length), 8);
  pcln.writeBigUInt64LE(TEXT_START, 24);
  pcln.writeBigUInt64LE(BigInt(namesAt), 32);
  pcln.writeBigUInt64LE(BigInt(functab), 64);
  let nameOffset = 0;
  functions.forEach(([name, entry], i) => {
    pcln.writeUInt32LE(entry, functab + 8 * i);
    pcln.writeUInt32LE(records + 8 * i - functab, functab + 8 * i + 4);
    pcln.writeUInt32LE(o.brokenRecord === true ? entry + 1 : entry, records + 8 * i);
    pcln.writeInt32LE(nameOffset, records + 8 * i + 4);
    nameOffset += name.length + 1;
  });
  names.copy(pcln, namesAt);
  const head = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(60), Buffer.from("\xff Go buildinf:", "latin1")]);
  // The table sits after other data, where a scan for its magic finds it (a stripped binary has no section name for it).
  return Buffer.concat([head, Buffer.alloc(table - (head.length % table)), pcln]);
}

const dir = mkdtempSync(path.join(os.tmpdir(), "permc-go-functions-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

describe("goFunctionAddresses", () => {
  it.each([
    { why: "Go 1.20 and later", magic: 0xfffffff1 },
    { why: "Go 1.18 and 1.19", magic: 0xfffffff0 },
  ])("reads the entry of each named function ($why)", ({ magic }) => {
    const file = fileOf(
      `go-${magic}`,
      goLike(
        [
          ["runtime.main", 0x10],
          ["syscall.Getenv", 0x2a40],
          ["os.Getenv", 0x3000],
        ],
        { magic },
      ),
    );
    const found = goFunctionAddresses(file, ["syscall.Getenv", "os.Getenv", "main.nothere"]);
    expect(found).toEqual(
      new Map([
        ["syscall.Getenv", TEXT_START + 0x2a40n],
        ["os.Getenv", TEXT_START + 0x3000n],
      ]),
    );
  });

  it.each([
    { why: "a table whose records disagree with it", bytes: () => goLike([["syscall.Getenv", 0x40]], { brokenRecord: true }) },
    { why: "an unknown table version", bytes: () => goLike([["syscall.Getenv", 0x40]], { magic: 0xfffffffb }) },
    { why: "a file that is no Go program", bytes: () => Buffer.from("#!/bin/sh\necho hi\n") },
  ])("answers null for $why", ({ bytes }) => {
    expect(goFunctionAddresses(fileOf("other", bytes()), ["syscall.Getenv"])).toBeNull();
  });
});

describe("a real Go program (docker, on this machine kind)", () => {
  /** The test's own copy of the machine's docker (a test reads nothing outside the repository and the temp dir). */
  const copy = path.join(dir, "docker");
  const docker = spawnSync("sh", ["-c", "command -v docker"], { encoding: "utf8" }).stdout.trim();
  beforeAll(() => {
    expect(docker, "docker (a Go program the tests read and run)").not.toBe("");
    expect(spawnSync("cp", [docker, copy]).status).toBe(0);
  });

  it("has its function table where its symbol table says", () => {
    const nm = spawnSync("nm", [copy], { encoding: "utf8", maxBuffer: 1 << 28 });
    const symbol = /^([0-9a-f]+) [tT] syscall\.Getenv$/m.exec(nm.stdout)?.[1];
    expect(symbol, "docker's symbol table names syscall.Getenv").toBeDefined();
    expect(goFunctionAddresses(copy, ["syscall.Getenv"])?.get("syscall.Getenv")).toBe(BigInt(`0x${symbol}`));
  });

  it("reads its variables through it, as gdb in the discovery's sandbox sees", { timeout: 60_000 }, async () => {
    const missing = missingTools() ?? gdbMissing();
    expect(missing, missing ?? "").toBeNull();
    const at = goGetenvAddress(copy);
    expect(at).not.toBeNull();
    const names = await goAskedOnce(docker, at as string, ["--help"], path.join(dir, "work"), "/usr/local/bin:/usr/bin:/bin", 10_000);
    expect(names).toEqual(expect.arrayContaining(["DOCKER_HOST", "DOCKER_CONFIG"]));
  });
});
