#!/usr/bin/env node
import { runCli } from "./run.js";

// `permc lint | head` closes stdout early; that is not an error of ours.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`permc: ${String(e)}\n`);
    process.exitCode = 1;
  },
);
