/**
 * Programs that make a symbolic link when told to (paths/collect.ts): any
 * path at or under their operands may then reach anywhere, and a link whose
 * target and name permc reads is followed by later words of the command.
 */
export interface SymlinkMaker {
  /** A word that makes it link rather than copy or make a hard link (`ln -s`, `cp --symbolic-link`). */
  readonly option: RegExp;
  /** Its first operand is the link's target and its last the link's name (`ln -s TARGET NAME`); `cp -s` links each source under the destination. */
  readonly targetThenName: boolean;
}

export const SYMLINK_MAKERS: Readonly<Record<string, SymlinkMaker>> = {
  ln: { option: /^-[a-zA-Z]*s|^--symbolic$/, targetThenName: true },
  cp: { option: /^-[a-zA-Z]*s|^--symbolic-link$/, targetThenName: false },
};
