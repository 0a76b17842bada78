/**
 * The runtime's two-level map from a code unit to its class: classIndex maps
 * the high byte to a 256-entry block, and identical blocks are stored once.
 * Most high bytes hold no literal at all and share the all-"rest" block.
 */
export interface ClassMap {
  readonly classIndex: Uint16Array;
  readonly classBlocks: Uint8Array | Uint16Array;
}

/** `classOfUnit[u]` is the class of code unit u, for all 65,536 units. */
export function buildClassMap(classOfUnit: Int32Array, classCount: number): ClassMap {
  const classIndex = new Uint16Array(256);
  const blockIds = new Map<string, number>();
  const blocks: Int32Array[] = [];
  for (let h = 0; h < 256; h++) {
    const block = classOfUnit.subarray(h << 8, (h + 1) << 8);
    const key = block.join(",");
    let id = blockIds.get(key);
    if (id === undefined) {
      id = blocks.length;
      blockIds.set(key, id);
      blocks.push(block);
    }
    classIndex[h] = id;
  }
  const classBlocks = classCount <= 256 ? new Uint8Array(blocks.length << 8) : new Uint16Array(blocks.length << 8);
  blocks.forEach((b, i) => {
    classBlocks.set(b, i << 8);
  });
  return { classIndex, classBlocks };
}
