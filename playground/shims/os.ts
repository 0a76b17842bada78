/** node:os in the playground. */
export const PLAYGROUND_HOME = "/home/you";
export function homedir(): string {
  return PLAYGROUND_HOME;
}
export function tmpdir(): string {
  return "/tmp";
}
export const platform = (): string => "linux";
export default { homedir, tmpdir, platform };
