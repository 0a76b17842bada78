/** node:crypto in the playground: hashing is for emitted modules and module files, neither of which the playground has. */
export function createHash(): never {
  throw new Error("the playground emits no module, so it hashes nothing");
}
export default { createHash };
