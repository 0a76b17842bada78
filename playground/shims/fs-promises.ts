/** node:fs/promises in the playground: `readFile` fetches a URL (the grammar wasm). */
export async function readFile(url: unknown): Promise<Uint8Array> {
  const response = await fetch(String(url));
  if (!response.ok) throw new Error(`cannot fetch ${String(url)}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
export async function open(file: unknown): Promise<never> {
  throw Object.assign(new Error(`ENOENT: the playground has no files: ${String(file)}`), { code: "ENOENT" });
}
export default { readFile, open };
