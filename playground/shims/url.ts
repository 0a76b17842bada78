/** node:url in the playground. */
export function pathToFileURL(file: string): URL {
  return new URL(`file://${file}`);
}
export default { pathToFileURL };
