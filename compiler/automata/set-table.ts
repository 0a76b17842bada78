/**
 * Interns sorted position sets (the DFA states of the subset construction):
 * all sets live in one Int32 pool, found through an open-addressing hash
 * table, so a state costs its positions plus a few integers and no objects.
 */
import { IntBuffer } from "./int-buffer.js";

export class SetTable {
  readonly pool = new IntBuffer(1024);
  private readonly starts = new IntBuffer(256);
  private readonly hashes = new IntBuffer(256);
  private slots = new Int32Array(1024).fill(-1);
  count = 0;

  /** Id of the set buf[0..n); `added` tells whether it was new. */
  added = false;

  intern(buf: Int32Array, n: number): number {
    const h = hashSet(buf, n);
    const mask = this.slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const id = this.slots[i]!;
      if (id === -1) {
        this.added = true;
        return this.insert(buf, n, h, i);
      }
      if (this.hashes.data[id] === h && this.equals(id, buf, n)) {
        this.added = false;
        return id;
      }
    }
  }

  size(id: number): number {
    return this.starts.data[id + 1]! - this.starts.data[id]!;
  }

  /** Copies set `id` into out (grown as needed); returns its length. */
  copyTo(id: number, out: IntBuffer): number {
    const from = this.starts.data[id]!;
    const n = this.size(id);
    out.length = 0;
    out.reserve(n);
    out.data.set(this.pool.data.subarray(from, from + n));
    out.length = n;
    return n;
  }

  private equals(id: number, buf: Int32Array, n: number): boolean {
    const from = this.starts.data[id]!;
    if (this.starts.data[id + 1]! - from !== n) return false;
    const pool = this.pool.data;
    for (let i = 0; i < n; i++) if (pool[from + i] !== buf[i]) return false;
    return true;
  }

  private insert(buf: Int32Array, n: number, h: number, slot: number): number {
    const id = this.count++;
    if (id === 0) this.starts.push(0);
    this.pool.reserve(n);
    this.pool.data.set(buf.subarray(0, n), this.pool.length);
    this.pool.length += n;
    this.starts.push(this.pool.length);
    this.hashes.push(h);
    this.slots[slot] = id;
    if (this.count * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < this.count; id++) {
      let i = this.hashes.data[id]! & mask;
      while (slots[i] !== -1) i = (i + 1) & mask;
      slots[i] = id;
    }
    this.slots = slots;
  }
}

function hashSet(buf: Int32Array, n: number): number {
  let h = Math.imul(n, 0x9e3779b1) ^ 0x811c9dc5;
  for (let i = 0; i < n; i++) {
    h = Math.imul(h ^ buf[i]!, 0x01000193);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) & 0x7fffffff;
}
