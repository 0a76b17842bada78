import path from "node:path";
import { RANK } from "./plan-mounts.js";
import { isDirectory, isFileEntry, isLink, listDir } from "./fs-probes.js";
import { type Context, addWritable } from "./profile-context.js";

/**
 * A writable root holds the home (the working tree after `cd ~`, a `path_write` allow rule): the home's own entries stay
 * read-only, its dotfiles and dot-directories among them (start-up files, keys, the configuration programs run code
 * from: every one is a way out of the sandbox the next time something outside reads it, and no list names them
 * all), and the entries that are no dotfiles (projects, documents) are writable. A new name directly in the home
 * cannot be made, nor an entry there renamed (each is a mount point); a link is not followed to a place it would
 * make writable.
 */
export function homeEntriesOnly(ctx: Context): void {
  ctx.plan.add("read-only", ctx.home, "the home's own entries: a writable root holds the home", RANK.homeEntries);
  for (const name of listDir(ctx.home)) {
    const p = path.join(ctx.home, name);
    if (name.startsWith(".") || isLink(p)) continue;
    if (isDirectory(p)) addWritable(ctx, p, "the working tree (an entry of the home)", RANK.defaultWritable);
    else if (isFileEntry(p)) ctx.plan.add("writable", p, "the working tree (an entry of the home)", RANK.defaultWritable);
  }
}
