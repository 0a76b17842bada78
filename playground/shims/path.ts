/** node:path in the playground: POSIX only; win32 fails closed (see README.md). */
import posix from "path-browserify";

const win32 = new Proxy(
  {},
  {
    get(_target, name) {
      throw new Error(`path.win32.${String(name)} is not available in the playground (it compiles for POSIX)`);
    },
  },
) as typeof posix;

const path = { ...posix, posix, win32 };
export default path;
export const { resolve, join, normalize, dirname, basename, extname, relative, isAbsolute, sep, delimiter } = posix;
export { posix, win32 };
