/** node:zlib in the playground: only a tar archive on disk is inflated (runtime/bash/paths/tar-members.ts), and there is no disk. */
export function gunzipSync(): never {
  throw new Error("the playground has no files to inflate");
}
export default { gunzipSync };
