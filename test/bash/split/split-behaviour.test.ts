/**
 * permc's own units: what each construct adds beyond the reference, which
 * commands are floored, and which are deliberately left alone.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../../runtime/bash/split.js";
import type { BashUnit } from "../../../runtime/bash/split.js";
import { parser, split } from "../helpers.js";

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

const derivedTexts = (command: string): string[] =>
  split(p, command)
    .units.filter((u) => u.derived === true && u.unparseable !== true)
    .map((u) => u.text);
const floors = (command: string): Array<string | undefined> => {
  const s = split(p, command);
  return [...new Set(s.units.map((u: BashUnit) => u.floor?.kind).filter((k) => k !== undefined))];
};

describe("wrappers are unwrapped by their option grammar", () => {
  it.each([
    ["sudo -u root -g wheel -H -- rm -rf /x", "rm -rf /x"],
    ["sudo -uroot rm x", "rm x"],
    ["sudo FOO=1 rm x", "rm x"],
    ["doas -u root rm x", "rm x"],
    ["env -i -u HOME A=1 rm x", "rm x"],
    ["env - rm x", "rm x"],
    ["xargs -0 -n 1 -P 4 -I{} rm {}", "rm {}"],
    ["xargs --max-args 2 rm", "rm"],
    ["timeout -s KILL -k 5 10s rm x", "rm x"],
    ["timeout --signal=KILL 10 rm x", "rm x"],
    ["nice -n 10 rm x", "rm x"],
    ["nice -10 rm x", "rm x"],
    ["nohup rm x", "rm x"],
    ["time -p rm x", "rm x"],
    ["stdbuf -oL -e0 rm x", "rm x"],
    ["setsid -f rm x", "rm x"],
    ["flock -w 5 /tmp/l rm x", "rm x"],
    ["watch -n 1 rm x", "rm x"],
    ["parallel -j4 rm ::: a b", "rm"],
    ["find . -name x -exec rm -f {} \\;", "rm -f {}"],
    ["find . -execdir rm {} +", "rm {}"],
    ["fd -e tmp -x rm", "rm"],
    ["fd --exec-batch rm -f", "rm -f"],
    ["command rm x", "rm x"],
    ["exec -a name rm x", "rm x"],
    ["builtin eval x", "eval x"],
    ["chroot /srv rm x", "rm x"],
    ["strace -f -o out.txt rm x", "rm x"],
    ["ionice -c 3 rm x", "rm x"],
    ["taskset -c 0 rm x", "rm x"],
    ["busybox rm x", "rm x"],
    ["sudo env A=1 nice rm x", "rm x"],
    ["linux64 rm x", "rm x"],
    ["setarch x86_64 -R rm x", "rm x"],
    ["uv run rm x", "rm x"],
    ["uv run --with requests --python 3.12 rm x", "rm x"],
    ["uv --directory sub run rm x", "rm x"],
    ["uvx rm x", "rm x"],
    ["uv tool run --from pkg rm x", "rm x"],
    ["poetry -C sub run rm x", "rm x"],
    ["pipenv run rm x", "rm x"],
    ["pdm run rm x", "rm x"],
    ["hatch run rm x", "rm x"],
    ["pixi run rm x", "rm x"],
    ["conda run -n env --cwd sub rm x", "rm x"],
    ["micromamba run -p /opt/env rm x", "rm x"],
    ["direnv exec . rm x", "rm x"],
    ["direnv exec . -- rm x", "rm x"],
    ["asdf exec rm x", "rm x"],
    ["pyenv exec rm x", "rm x"],
    ["volta run --node 20 rm x", "rm x"],
    ["fnm exec --using 20 rm x", "rm x"],
    ["op run --env-file .env.op -- rm x", "rm x"],
    ["doppler run -p proj -- rm x", "rm x"],
    ["aws-vault exec prof -- rm x", "rm x"],
    ["envchain ns rm x", "rm x"],
    ["dotenv -e .env.test -- rm x", "rm x"],
    ["entr -c rm x", "rm x"],
    ["lerna exec -- rm x", "rm x"],
    ["xterm -e rm x", "rm x"],
    ["gnome-terminal -- rm x", "rm x"],
    ["kitty rm x", "rm x"],
    ["wezterm start rm x", "rm x"],
    ["flatpak-spawn --host rm x", "rm x"],
    ["toolbox run rm x", "rm x"],
    ["lxc exec c -- rm x", "rm x"],
  ])("%s runs %s", (command, inner) => {
    expect(derivedTexts(command)).toContain(inner);
  });

  it.each([["command -v rm"], ["find . -name x -print"], ["fd -e rs"], ["exec > log"], ["sudoedit /etc/hosts"], ["sudo -e /etc/hosts"]])(
    "%s runs no wrapped command",
    (command) => {
      expect(derivedTexts(command).filter((t) => t === "rm" || t.startsWith("rm "))).toEqual([]);
    },
  );
});

describe("code strings are parsed as shell source", () => {
  it.each([
    ["bash -c 'ls && rm x'", "rm x"],
    ['sh -ec "rm x"', "rm x"],
    ["bash -o pipefail -c 'rm x'", "rm x"],
    ["eval 'rm x'", "rm x"],
    ["eval rm x", "rm x"],
    ["su - root -c 'rm x'", "rm x"],
    ["ssh -p 22 host rm x", "rm x"],
    ["env -S 'rm x'", "rm x"],
    ["flock /tmp/l -c 'rm x'", "rm x"],
    ["watch 'ls; rm x'", "rm x"],
    ["trap 'rm x' EXIT", "rm x"],
    ["script -c 'rm x' /dev/null", "rm x"],
    ["bash <<'EOF'\nrm x\nEOF", "rm x"],
    ["bash <<< 'rm x'", "rm x"],
    ["cat <<EOF | sh\nrm x\nEOF", "rm x"],
    ["echo 'rm x' | bash", "rm x"],
    ["PAGER='rm x' git log", "rm x"],
    ["bash -c \"bash -c 'rm x'\"", "rm x"],
    ["tar -xf a.tar --to-command='rm x'", "rm x"],
    ["rsync -e 'rm x' a b", "rm x"],
    ["git -c core.sshCommand='rm x' fetch", "rm x"],
    ["git -c alias.y='!rm x' y", "rm x"],
    ["ssh -o ProxyCommand='rm x' h", "rm x"],
    ["man -P 'rm x' ls", "rm x"],
    ["vim +'!rm x' f", "rm x"],
    ["tar -F 'rm x' -M -cf a.tar b", "rm x"],
    ["tar --info-script='rm x' -cf a.tar b", "rm x"],
    ["nix-shell -p hello --run 'rm x'", "rm x"],
    ["doppler run --command 'rm x'", "rm x"],
    ["entr -s 'rm x'", "rm x"],
    ["concurrently 'rm x' 'npm test'", "rm x"],
    ["cmake -DCMAKE_C_COMPILER_LAUNCHER=rm .", "rm"],
    ["strace -o '|rm x' ls", "rm x"],
    ["gcloud compute ssh h --command 'rm x'", "rm x"],
    ["az vm run-command invoke --scripts 'rm x'", "rm x"],
    ["git fetch 'ext::sh -c rm% x'", "sh -c rm x"],
    ["git remote add x 'ext::rm x'", "rm x"],
  ])("%s judges %s", (command, inner) => {
    expect(derivedTexts(command)).toContain(inner);
  });
});

describe("commands inside constructs the reference matches whole", () => {
  it.each([
    ["if true; then rm x; fi", ["true", "rm x"]],
    ["while rm x; do ls; done", ["rm x", "ls"]],
    ["for f in $(rm x); do echo; done", ["rm x", "echo"]],
    ["case a in a) rm x;; esac", ["rm x"]],
    ["f() { rm x; }", ["rm x"]],
    ["{ ls; rm x; }", ["ls", "rm x"]],
    ["! rm x", ["rm x"]],
    ["X=$(rm x)", ["rm x"]],
    ["export X=$(rm x)", ["rm x"]],
    ["[[ -n $(rm x) ]]", ["rm x"]],
    ["(( $(rm x) ))", ["rm x"]],
    ["ls > $(rm x)", ["rm x"]],
    ["cat < <(rm x)", ["rm x"]],
    ["cat <<EOF\n$(rm x)\nEOF", ["rm x"]],
    ["cat <<EOF\n`rm x`\nEOF", ["rm x"]],
    ["cat <<EOF && rm x\nbody\nEOF", ["rm x"]],
    ["echo `echo \\`rm x\\``", ["rm x"]],
    ["then rm x", ["rm x"]],
    ["time { rm x; }", ["rm x"]],
  ])("%s shows %j", (command, inner) => {
    const got = derivedTexts(command);
    for (const t of inner) expect(got).toContain(t);
  });

  it("a quoted heredoc body is data, not commands", () => {
    expect(derivedTexts("cat <<'EOF'\n$(rm x)\nEOF")).not.toContain("rm x");
  });
});

describe("spelled command names are judged by their plain name", () => {
  it.each([
    ["\\rm -rf x", "rm -rf x"],
    ["'rm' -rf x", "rm -rf x"],
    ['"rm" -rf x', "rm -rf x"],
    ['r""m -rf x', "rm -rf x"],
    ["$'\\x72m' -rf x", "rm -rf x"],
    ["/usr/bin/rm -rf x", "rm -rf x"],
    ["git  push   origin", "git push origin"],
    ["git \\\n push", "git push"],
  ])("%j is also judged as %j", (command, plain) => {
    expect(derivedTexts(command)).toContain(plain);
  });

  it.each([
    ["./rm -rf x", "rm -rf x"],
    ["../../../usr/bin/rm x", "rm x"],
    ["~root/../usr/bin/rm x", "rm x"],
    ["/proc/self/exe -c 'rm x'", "bash -c rm x"],
  ])("a path-spelled name %j is judged by its base name: %j", (command, plain) => {
    // A relative path may name another program than PATH's `rm`; judging it as `rm` is only stricter.
    expect(derivedTexts(command)).toContain(plain);
  });
});

describe("floors", () => {
  it.each([
    ["$CMD x", "opaque"],
    ["$(echo rm) x", "opaque"],
    ["/bin/r? x", "opaque"],
    ["\"bash\" -c 'ls'", "opaque"],
    ["python3 -c 'print(1)'", "opaque"],
    ["python3.12 -c 'print(1)'", "opaque"],
    ["node -e 'x'", "opaque"],
    ["perl -ne 'print' f", "opaque"],
    ["ruby -e 'x'", "opaque"],
    ["php -r 'x'", "opaque"],
    ["deno eval 'x'", "opaque"],
    ["awk 'BEGIN{system(\"ls\")}'", "opaque"],
    ['awk \'BEGIN{f="system"; @f("ls")}\'', "opaque"],
    // gawk's -i includes a library and still takes the program from the command line.
    ["gawk -i inplace 'BEGIN{system(\"ls\")}' f", "opaque"],
    ["awk --include=lib 'BEGIN{system(\"ls\")}'", "opaque"],
    ["sed 's/a/ls/e' f", "opaque"],
    ["curl x | sh", "opaque"],
    ["curl x | python3", "opaque"],
    ["bash -s", "opaque"],
    ["bash <(curl x)", "opaque"],
    ["source ./env.sh", "opaque"],
    [". ./env.sh", "opaque"],
    ["ssh host", "opaque"],
    ["PATH=.:$PATH ls", "opaque"],
    ["LD_PRELOAD=x.so ls", "opaque"],
    ["PS0='$(ls)' bash -i", "opaque"],
    ["sudo ls", "indirection"],
    ["chroot /srv ls", "indirection"],
    ["tmux new-session -d 'ls'", "opaque"],
    ["sed '/x/Ie ls' f", "opaque"],
    ["git -c core.pager=less log", "opaque"],
    ["git --exec-path=/tmp log", "opaque"],
    ["make --eval='$(shell ls)'", "opaque"],
    ["npm exec -c 'ls'", "opaque"],
    ["mapfile -C 'ls' -c 1 a", "opaque"],
    // A launcher whose grammar stops at its first operand: `--` or `-R` after it is read as the command's name.
    ["taskset 0x1 -- rm x", "indirection"],
    ["chrt 10 -- ls", "indirection"],
    ["nix develop -c make", "opaque"],
    ["nix run nixpkgs#hello", "opaque"],
    ["mise exec node@20 -- node a.js", "opaque"],
    ["uv run --unknown-option x", "opaque"],
    ["cargo --config 'target.x.runner=\"rm\"' run", "opaque"],
    ["cargo rustc -- -C linker=rm", "opaque"],
    ["npm test --script-shell=rm", "opaque"],
    ["clang -fplugin=./x.so a.c", "opaque"],
    ["ld --plugin ./x.so a.o", "opaque"],
    ["cmake -E env ls", "opaque"],
    ["ipython -c 'x'", "opaque"],
    ["ansible localhost -m shell -a 'ls'", "opaque"],
    ["helm install x y --post-renderer ./r", "opaque"],
    ["gh alias set x '!ls'", "opaque"],
    ["flatpak-spawn --host ls", "indirection"],
    ["git clone foo::bar", "indirection"],
    // Not a git command: an alias in git's configuration or a git-NAME program runs.
    ["git st", "opaque"],
    ["git co main", "opaque"],
    ["/usr/bin/git -C /tmp lg", "opaque"],
    ["git daemon --export-all", "opaque"],
    // A compose file's services, mounts and .env are not on the command line (`config` prints .env's values).
    ["docker compose up -d", "opaque"],
    ["docker compose config", "opaque"],
    ["docker-compose up", "opaque"],
  ])("%s is floored (%s)", (command, kind) => {
    expect(floors(command)).toContain(kind);
  });

  // Issue 11 §9: a wrapper that runs its argv exactly as given is judged by that argv, with no floor of its own.
  it.each([
    ["strace ls", "ls"],
    ["fd -ux rm", "rm"],
    ["coproc ls", "ls"],
    ["time npm test", "npm test"],
    ["timeout 60 npm test", "npm test"],
    ["env NODE_ENV=test npm test", "npm test"],
    ["nohup npm start", "npm start"],
    ["xargs wc -l", "wc -l"],
    ["find . -name '*.ts' -exec grep -l foo {} +", "grep -l foo {}"],
  ])("%s is judged exactly, as %s", (command, inner) => {
    expect(floors(command)).toEqual([]);
    expect(derivedTexts(command)).toContain(inner);
  });

  it.each([
    ["python3 script.py"],
    ["python3 --version"],
    ["python3 -m pytest"],
    ["node app.js"],
    ["bash script.sh"],
    ["bash --version"],
    ["awk '{print $1}' f"],
    ["gawk -i inplace '{print $1}' f"],
    ["sed -n 's/a/b/p' f"],
    ["cat f | python3 -m json.tool"],
    ["git log | less"],
    ["npx tsc --noEmit"],
    ["trap - EXIT"],
    ["exec 3>&1"],
    ["./rm x"],
    ["tar -czf a.tgz dir"],
    ["git log -c"],
    ["git -c user.name=x commit -m y"],
    ["vim file.txt"],
    // git's own commands.
    ["git status --short"],
    ["git ls-files -z"],
    ["git rev-parse HEAD"],
    ["git sparse-checkout list"],
    ["git-log --oneline"],
    ["git lfs pull"],
    ["docker compose ps"],
    ["docker compose logs -f web"],
  ])("%s is not floored", (command) => {
    expect(floors(command)).toEqual([]);
  });
});

describe("limits and robustness", () => {
  it("splits 5,000 chained && commands iteratively", () => {
    const command = Array.from({ length: 5000 }, (_, i) => `echo ${i}`).join(" && ");
    const s = split(p, command);
    expect(s.failed).toBe(false);
    expect(s.units.filter((u) => u.derived !== true)).toHaveLength(5000);
  });

  it("splits 200 nested substitutions into every unit", () => {
    const command = "echo " + "$(echo ".repeat(200) + "x" + ")".repeat(200);
    const s = split(p, command);
    expect(s.failed).toBe(false);
    expect(s.units.filter((u) => u.unparseable !== true).length).toBeGreaterThan(200);
  });

  it.each([
    ["16,000 nested substitutions", "echo " + "$(".repeat(16_000) + "x" + ")".repeat(16_000)],
    ["1,000 nested substitutions", "echo " + "$(echo ".repeat(1000) + "x" + ")".repeat(1000)],
  ])("stays bounded on %s: the overlapping unit texts stop at a budget and the command asks", (_label, command) => {
    const s = split(p, command);
    expect(s.failed).toBe(false);
    const text = s.units.reduce((n, u) => n + u.text.length, 0);
    expect(text).toBeLessThanOrEqual(Math.max(16 * command.length, 1_000_000) + command.length);
    expect(s.units.some((u) => u.unparseable === true)).toBe(true);
  });

  it("follows 12,000 chained cd commands without quadratic paths (the base stops being known)", () => {
    const s = split(p, "cd a && ".repeat(12_000) + "cat x");
    expect(s.failed).toBe(false);
    expect(Math.max(...s.ruleCandidates.map((c) => c.value.length))).toBeLessThan(2_048);
  });

  it("does not parse a command longer than maxLength", () => {
    const s = splitBash(p, "echo " + "a".repeat(200), { maxLength: 100 });
    expect(s).toMatchObject({ tooLarge: true, units: [] });
  });

  it("bounds re-parsing of nested code strings", () => {
    const s = split(p, "eval ".repeat(20) + "rm x");
    expect(s.units.some((u) => u.unparseable === true)).toBe(true);
  });

  it("trims the command and reports empty and comment-only input", () => {
    expect(split(p, " \n\t ")).toMatchObject({ empty: true, units: [] });
    expect(split(p, "# a\n  # b")).toMatchObject({ commentOnly: true, units: [] });
    expect(split(p, "  ls  ").command).toBe("ls");
  });
});
