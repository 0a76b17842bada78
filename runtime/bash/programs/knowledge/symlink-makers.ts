/**
 * Programs that make a symbolic link when told to, or a mount (paths/links-made.ts):
 * any path at or under their operands may then reach anywhere, and a link
 * whose target and name permc reads is followed by later words of the command.
 */
export interface SymlinkMaker {
  /** A word that makes it link rather than copy or make a hard link (`ln -s`, `cp --symbolic-link`). */
  readonly option: RegExp;
  /** Its first operand is the link's target and its last the link's name (`ln -s TARGET NAME`); `cp -s` links each source under the destination. */
  readonly targetThenName: boolean;
}

/**
 * A mount, like a link, makes paths under its mount point reach another
 * tree: `mount --bind ~/.ssh k && cat k/id_rsa` reads the key (root, or a
 * FUSE mount as any user: `bindfs ~/.ssh k`). permc does not place one
 * exactly: every operand of a mount is a place any path under may reach
 * anywhere. Any word makes a mount (`-o bind`, `-t overlay -o lowerdir=…`);
 * without operands (`mount`, `mount -l`) nothing is mounted.
 */
const MOUNTS: SymlinkMaker = { option: /(?:)/, targetThenName: false };

/** FUSE file systems and mount helpers that mount what they are given on their last operand. */
const FUSE_MOUNTERS = [
  "bindfs",
  "sshfs",
  "fuse-overlayfs",
  "squashfuse",
  "archivemount",
  "fuse2fs",
  "fuseiso",
  "ntfs-3g",
  "s3fs",
  "gcsfuse",
  "goofys",
  "encfs",
  "gocryptfs",
  "mergerfs",
  "unionfs",
  "unionfs-fuse",
  "guestmount",
  "httpfs2",
  "curlftpfs",
  "mount.fuse",
  "mount.fuse3",
  "mount.nfs",
  "mount.cifs",
  "mount.davfs",
  "systemd-mount",
] as const;

export const SYMLINK_MAKERS: Readonly<Record<string, SymlinkMaker>> = {
  ln: { option: /^-[a-zA-Z]*s|^--symbolic$/, targetThenName: true },
  cp: { option: /^-[a-zA-Z]*s|^--symbolic-link$/, targetThenName: false },
  mount: MOUNTS,
  // `rclone mount REMOTE: DIR`, `rclone nfsmount …`.
  rclone: { option: /^(?:mount|nfsmount)$/, targetThenName: false },
  ...Object.fromEntries(FUSE_MOUNTERS.map((name) => [name, MOUNTS])),
};
