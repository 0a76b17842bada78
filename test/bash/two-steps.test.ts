/**
 * Two steps in one command (split/two-steps.ts): a file the command writes
 * and then runs. Besides a file written by name (`echo … > x.sh && sh x.sh`):
 * files edited in place (`sed -i`), files a program runs without naming them
 * (`make` runs the Makefile, `npm test` package.json's scripts), and any file
 * after a step that writes names permc does not know (an archive, a patch,
 * a clone, a checkout).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../runtime/bash/parser.js";
import { DENY_RM, decide, parser, split } from "./helpers.js";

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

const twoStep = (command: string) => split(p, command).units.some((u) => u.derivation === "two-step");

describe("a file the same command writes, then runs", () => {
  it.each([
    ["echo 'rm v' > x.sh && sh x.sh"],
    ["sed -i 's/true/rm v/' run.sh && ./run.sh"],
    ["sed --in-place=.bak 's/true/rm v/' run.sh; bash run.sh"],
    ["echo 'all:; rm v' > Makefile && make"],
    ['printf \'{"scripts":{"test":"rm v"}}\' > package.json && npm test'],
    ["cat > justfile <<< 'x:' && just x"],
    ["echo '{}' > package.json && node --run test"],
    ["echo '{}' > deno.json && deno task build"],
    ["echo x > pixi.toml && pixi run build"],
    ["tar xf a.tar && ./run.sh"],
    ["unzip a.zip && bash run.sh"],
    ["git apply fix.diff && ./x.sh"],
    ["patch -p1 < fix.diff && make"],
    ["git clone https://example.com/r && r/run.sh"],
    ["git checkout other && ./run.sh"],
    ["git pull && make"],
  ])("%s is a two-step", (command) => {
    expect(twoStep(command)).toBe(true);
    expect(decide(p, command, DENY_RM).action).not.toBe("allow");
  });

  it.each([
    ["npm test"],
    ["make && ./build/app"],
    ["git status && ./run.sh"],
    ["echo hi > notes.txt && make"],
    ["sed -i s/a/b/ src/a.ts && npm test"],
    ["tar czf a.tgz src && ./run.sh"],
  ])("%s is not", (command) => {
    expect(twoStep(command)).toBe(false);
  });
});
