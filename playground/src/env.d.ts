declare module "path-browserify" {
  import path from "node:path";
  const posix: typeof path.posix;
  export default posix;
}
declare const __PERMC_VERSION__: string;
