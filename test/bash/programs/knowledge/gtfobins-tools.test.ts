/**
 * knowledge/gtfobins-tools.ts as a table (issue 37): package and system tools
 * whose subcommands or options run commands.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("gtfobins-tools", [
  { command: "echo x > inv.sh && ansible all -i inv.sh -m ping", want: "ask", why: "an executable inventory is a program ansible runs" },
  { command: "ansible-playbook {HOME}/.ssh/site.yml", want: "deny", why: "a playbook is read" },
  { command: "echo x > site.yml && ansible-playbook site.yml", want: "ask", why: "a playbook's tasks are shell commands: it runs" },
  { command: "ip netns exec foo rm x", want: "deny", why: "ip netns exec runs the rest of the line" },
  { command: "tcpdump -z rm -w x.pcap", want: "deny", why: "tcpdump -z runs a program on each file it writes" },
  { command: "nmap --script x", want: "ask", why: "an nmap script is Lua" },
  { command: "dpkg -l", want: "allow", why: "dpkg -l lists packages" },
  { command: "echo 'system(\"rm y\")' > Vagrantfile && vagrant status", want: "ask", why: "every vagrant command loads the Vagrantfile, Ruby" },
  { command: "vagrant up", want: "allow", why: "nothing written first: the project's own Vagrantfile" },
  { command: "pip list", want: "allow", why: "pip list lists packages" },
  // Found by the start-up files discovery (hunt/startup-reads.ts): a file the program reads unasked, written first.
  { command: "printf 'status-logger x\\\\n' > ~/.dpkg.cfg && dpkg -l", want: "ask", why: "~/.dpkg.cfg holds dpkg options, commands among them" },
  { command: "dpkg -l", want: "allow", why: "nothing written first" },
  {
    command: "echo 'APT::Update::Pre-Invoke {\"touch y\";};' > /etc/apt/apt.conf.d/99x && apt-get update",
    want: "ask",
    why: "apt runs its configuration's hooks: Pre-Invoke removed the victim (a real run, /etc/apt bound over in a private mount namespace)",
  },
  { command: "cd /etc/apt/apt.conf.d && echo x > 99x && apt-get update", want: "ask", why: "the same file, named from its directory" },
  { command: "echo 'deb http://x/ y main' > /etc/apt/sources.list.d/x && apt-get update", want: "ask", why: "a package source it installs from" },
  { command: "printf 'status-logger x\\n' > /etc/dpkg/dpkg.cfg.d/x && dpkg -l", want: "ask", why: "dpkg's option files name commands" },
  { command: "echo x > 99x && apt-get update", want: "allow", why: "a file of that name in the project is no apt configuration" },
  { command: "apt-get update > apt.log 2>&1 && apt-get install -y jq", want: "allow", why: "its log is no configuration" },
  {
    command: "bundle config set --global gemfile /tmp/G && bundle list",
    want: "ask",
    why: "bundler's settings name the Gemfile it runs: bundle list ran /tmp/G's Ruby (a real run)",
  },
  { command: "bundle list", want: "allow", why: "nothing written first" },
  {
    command: "echo AAAA | base64 -d > x.gem && gem install x.gem",
    want: "ask",
    why: "gem install builds the gem's extensions: it ran its extconf.rb (a real run)",
  },
  { command: "cp /tmp/x.tar.gz . && pip install ./x.tar.gz", want: "ask", why: "pip install builds an sdist: it ran its setup.py (a real run)" },
  { command: "gem install x.gem", want: "allow", why: "nothing written first" },
  { command: "pip config edit --editor rm", want: "deny", why: "pip config edit runs the editor's words with the file after them (a real run)" },
  {
    command: "pip config set global.target /tmp/t && pip install x",
    want: "ask",
    why: "pip config set writes pip.conf, whose options every pip command reads",
  },
  { command: "pip config list", want: "allow", why: "it prints pip's settings" },
  { command: "pip install --cache-dir {HOME}/.ssh x", want: "deny", why: "pip writes its cache of downloads and wheels under --cache-dir" },
  { command: "printf 'x' > Setup.hs && cabal build", want: "ask", why: "a Custom build runs the package's Setup.hs" },
  { command: "printf 'x' > cabal.project.local && cabal build", want: "ask", why: "the local project file configures the build" },
  { command: "cabal build", want: "allow", why: "nothing written first" },
  {
    command: "printf '[defaults]\\nvault_password_file=./x.sh\\n' > ansible.cfg && ansible-playbook p.yml",
    want: "ask",
    why: "ansible.cfg names programs ansible runs",
  },
  { command: "printf '%%%%_dbpath %%%%(touch y)' > ~/.rpmmacros && rpm -q bash", want: "ask", why: "a %(…) macro runs a command" },
  {
    command: "printf 'Host h\\n ProxyCommand touch y\\n' > /etc/ssh/ssh_config && borg list ssh://h/r",
    want: "ask",
    why: "borg reaches ssh:// through ssh, which reads the system configuration",
  },
  { command: "printf 'pre_hook = touch y\\n' > /etc/letsencrypt/renewal/x.conf && certbot renew", want: "ask", why: "a renewal file names certbot's hooks" },
  { command: "certbot renew", want: "allow", why: "nothing written first" },
  { command: "printf 'x' > ~/.facter/facts.d/x && facter", want: "ask", why: "facter runs its external facts, any name" },
  { command: "printf 'on-download-complete=touch\\n' > ~/.aria2/aria2.conf && aria2c u", want: "ask", why: "aria2.conf names a program it runs" },
  { command: "printf 'x' > ~/.local/lib/wireshark/plugins/x.lua && tshark -r a.pcap", want: "ask", why: "tshark loads its Lua plugins" },
  { command: "printf 'touch y' > ~/.config/neofetch/config.conf && neofetch", want: "ask", why: "neofetch sources its configuration" },
]);
