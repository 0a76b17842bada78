/**
 * Two steps in one command (split/two-steps.ts): a file the command writes
 * and then runs. Besides a file written by name (`echo … > x.sh && sh x.sh`):
 * files edited in place (`sed -i`), files a program runs without naming them
 * (`make` runs the Makefile, `npm test` package.json's scripts, git its
 * configuration and hooks, python the modules beside its script, a program
 * permc does not know any of the project's code: knowledge/implicit-code.ts),
 * and any file after a step that writes names permc does not know (an
 * archive, a patch, a clone, a checkout, `> "$f"`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { DENY_RM, decide, parser, split } from "../helpers.js";

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
    // git runs its configuration and hooks; a checkout never writes them, an extraction may.
    ["echo 'rm v' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit && git commit -m x"],
    ["printf '[core]\\n\\tfsmonitor = rm v\\n' >> .git/config; git status"],
    ["printf '[alias]\\n\\ts = !rm v\\n' >> ~/.gitconfig; git log"],
    ["tar xf a.tar && git status"],
    // A pager's configuration, which names an input preprocessor it runs.
    ["printf '#env\\nLESSOPEN=|rm v %s\\n' > ~/.config/lesskey; less notes.txt"],
    // A shell's start-up files.
    ["echo 'rm v' >> ~/.bashrc; bash -i run.sh"],
    // Code beside a script, a test runner's plugin, a build script, a package manager's configuration.
    ["echo 'import os' > json.py; python3 run.py"],
    ["echo x > conftest.py && pytest"],
    ["echo x > eslint.config.js && npx eslint ."],
    ["echo x > src/a.ts && npx eslint src"],
    ["echo 'script-shell=rm' > .npmrc && npm test"],
    ["echo x > main.go && go run ."],
    ["echo x > src/main.rs && cargo run"],
    ["echo x > setup.py && pip install ."],
    ["sed -i s/a/b/ src/a.ts && npm test"],
    // Programs that copy data into a file they are told of: dd's keyed operands, uniq's second operand.
    ["dd of=conftest.py <<< 'import os' && pytest"],
    ['dd of="$f" <<< x; bash run.sh'],
    ["echo x > n.txt && uniq n.txt conftest.py && pytest"],
    // Decoders and converters that write into a file they are told of; a move that lands a file under a new name.
    ["xxd -r -p - conftest.py <<< 696d706f7274 && pytest"],
    ["openssl enc -d -base64 -in n.txt -out conftest.py && pytest"],
    ["gpg -o conftest.py -d n.gpg && pytest"],
    ["iconv -t utf8 -o conftest.py n.txt && pytest"],
    ["echo x > notes.txt && git mv notes.txt conftest.py && pytest"],
    ["gawk -i inplace 'BEGIN{print \"import os\"}' conftest.py && pytest"],
    // A write whose name permc does not know may be the file run.
    ["echo 'rm v' > \"$f\"; bash run.sh"],
    ["echo 'rm v' > r*.sh; bash run.sh"],
  ])("%s is a two-step", (command) => {
    expect(twoStep(command)).toBe(true);
    expect(decide(p, command, DENY_RM).action).not.toBe("allow");
  });

  it.each([
    ["npm test"],
    ["make && ./build/app"],
    ["git status && ./run.sh"],
    ["echo hi > notes.txt && make"],
    ["tar czf a.tgz src && ./run.sh"],
    ["npm run build > build.log 2>&1 && npm test"],
    ["python3 gen.py > out.json && pytest"],
    ["echo hi > notes.txt && git add notes.txt && git commit -m x"],
    ["git stash && git pull && git stash pop"],
    // The files a program writes while it runs are not the configuration it read at its start.
    ["git clone https://example.com/r.git"],
    ["cp -r src backup && git status"],
    ["dd if=/dev/zero of=blank.img bs=1k count=1 && pytest"],
    ["uniq notes.txt && pytest"],
    ["xxd notes.txt && pytest"],
    ["git mv notes.txt docs.txt && pytest"],
    // A type checker or formatter loads no code of the project's: writing source before it is no two-step.
    ["echo 'export const x = 1' > src/x.ts && npx tsc --noEmit"],
    ["cat > a.py <<'EOF'\nx = 1\nEOF\nruff check a.py && black a.py"],
  ])("%s is not", (command) => {
    expect(twoStep(command)).toBe(false);
  });
});
