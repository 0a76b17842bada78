/**
 * The file that carries V8's code cache for the hook's bundle
 * (cli/cached-hook.ts). V8 checks a cache against its own version, its flags
 * and the source's length only, and checks the payload's checksum only in
 * debug builds: a cache of another source of the same length, or a corrupted
 * one, could be taken as valid. So the file binds the cache to the exact
 * source bytes and to the node that made it, and carries the payload's hash;
 * anything that does not match is refused before V8 sees it.
 *
 * Layout: the magic line, one JSON line (the key and the payload's length
 * and sha256), then the payload.
 */
import { createHash } from "node:crypto";

const MAGIC = "permc v8 code cache 1\n";
const MAX_HEADER = 1024;

interface Header {
  readonly node: string;
  readonly v8: string;
  readonly arch: string;
  readonly platform: string;
  /** sha256 of the source the cache was made from. */
  readonly source: string;
  readonly length: number;
  /** sha256 of the payload. */
  readonly payload: string;
}

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The header's fields in the order they are checked: the cheap ones first, the hashes last. */
const FIELDS: ReadonlyArray<readonly [keyof Header, (source: Uint8Array, payload: Uint8Array) => string | number]> = [
  ["node", () => process.version],
  ["v8", () => process.versions.v8],
  ["arch", () => process.arch],
  ["platform", () => process.platform],
  ["length", (_source, payload) => payload.length],
  ["source", (source) => sha256(source)],
  ["payload", (_source, payload) => sha256(payload)],
];

function header(source: Uint8Array, payload: Uint8Array): Header {
  return Object.fromEntries(FIELDS.map(([key, value]) => [key, value(source, payload)])) as unknown as Header;
}

export function encodeCodeCache(source: Uint8Array, payload: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(MAGIC + JSON.stringify(header(source, payload)) + "\n"), payload]);
}

/** The payload, when `file` is a cache of exactly `source` made by this node; else why not. */
export function decodeCodeCache(file: Buffer, source: Uint8Array): { readonly payload: Buffer } | { readonly problem: string } {
  if (!file.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) return { problem: "not a permc code cache" };
  const end = file.indexOf(0x0a, MAGIC.length);
  if (end < 0 || end - MAGIC.length > MAX_HEADER) return { problem: "no header line" };
  let found: unknown;
  try {
    found = JSON.parse(file.subarray(MAGIC.length, end).toString("utf8"));
  } catch {
    return { problem: "the header is not JSON" };
  }
  if (typeof found !== "object" || found === null) return { problem: "the header is not an object" };
  const payload = file.subarray(end + 1);
  for (const [key, value] of FIELDS) {
    if ((found as Record<string, unknown>)[key] !== value(source, payload)) return { problem: `${key} differs` };
  }
  return { payload };
}
