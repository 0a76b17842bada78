/** A growable Int32Array: the automata code keeps its working sets in flat typed memory, not in JS arrays of objects. */
export class IntBuffer {
  data: Int32Array;
  length = 0;

  constructor(capacity = 16) {
    this.data = new Int32Array(Math.max(4, capacity));
  }

  reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.data.length) return;
    let cap = this.data.length * 2;
    while (cap < need) cap *= 2;
    const d = new Int32Array(cap);
    d.set(this.data.subarray(0, this.length));
    this.data = d;
  }

  push(v: number): void {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = v;
  }

  /** A right-sized copy. */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** Sorts buf[0..n) ascending and drops duplicates; returns the new length. */
export function sortUnique(buf: Int32Array, n: number): number {
  let sorted = true;
  for (let i = 1; i < n; i++) {
    if (buf[i - 1]! > buf[i]!) {
      sorted = false;
      break;
    }
  }
  if (!sorted) {
    if (n <= 24) {
      for (let i = 1; i < n; i++) {
        const v = buf[i]!;
        let j = i - 1;
        while (j >= 0 && buf[j]! > v) {
          buf[j + 1] = buf[j]!;
          j--;
        }
        buf[j + 1] = v;
      }
    } else {
      buf.subarray(0, n).sort();
    }
  }
  let w = 0;
  for (let i = 0; i < n; i++) if (w === 0 || buf[w - 1] !== buf[i]) buf[w++] = buf[i]!;
  return w;
}

/** Merges two sorted duplicate-free runs into out (which must have room); returns the length. */
export function mergeUnique(a: Int32Array, an: number, b: Int32Array, bn: number, out: Int32Array): number {
  let i = 0;
  let j = 0;
  let w = 0;
  while (i < an && j < bn) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) {
      out[w++] = x;
      i++;
    } else if (y < x) {
      out[w++] = y;
      j++;
    } else {
      out[w++] = x;
      i++;
      j++;
    }
  }
  while (i < an) out[w++] = a[i++]!;
  while (j < bn) out[w++] = b[j++]!;
  return w;
}
