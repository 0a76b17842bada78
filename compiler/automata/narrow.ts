/** The narrowest unsigned typed array that holds every value up to `max`: table bytes scale with it. */
import type { StateArray } from "../../runtime/automaton.js";

export function narrowUnsigned(values: Int32Array, max: number): StateArray {
  if (max <= 0xff) return Uint8Array.from(values);
  if (max <= 0xffff) return Uint16Array.from(values);
  return Uint32Array.from(values);
}
