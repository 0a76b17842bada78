/** compiler/emit/emit-module.ts in the playground: it needs ts-morph, and the playground compiles to tables without emitting. */
export function emitModule(): never {
  throw new Error("the playground does not emit modules");
}
