"""A private OpenSSH server for the SSH clone tests: Debian's /usr/sbin/sshd (openssh-server, in .ci/deps.sh) run as
the current user on 127.0.0.1 and a free high port, with its own host key, one authorized key and bare git
repositories. Nothing of the machine's own ssh set-up is read or changed (no ~/.ssh, no /etc/ssh).

How the app under test reaches it, with FakeGitee's own `ssh_url` (git@127.0.0.1:owner/repo.git) unchanged:
- `GIT_SSH_COMMAND="ssh -F <config>"`: the person's own ssh command, which the app keeps and adds BatchMode to. ssh
  reads ~/.ssh/config from the password database's home, not $HOME, so -F is the way to give it a config of its own:
  Port, IdentityFile, UserKnownHostsFile (pre-seeded, or emptied to test the refusal), StrictHostKeyChecking=yes.
- `GIT_CONFIG_GLOBAL` with `url.<me>@127.0.0.1:.insteadOf git@127.0.0.1:`: a non-root sshd can only log its own
  user in, and the user named in an address wins over the config's `User`, so git rewrites the user part.
- The key's forced command serves only git (git-shell) from the repositories folder and writes down what was asked;
  while the `hold` file exists it waits first (bounded), so a test can cancel a clone that is connected but stuck.
"""

import os
import pwd
import socket
import subprocess
import time

SSHD = "/usr/sbin/sshd"
HOLD_LIMIT_S = 60  # the forced command never waits longer than this for the hold file to go


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PrivateSshd:
    def __init__(self, folder, log_path):
        if not os.access(SSHD, os.X_OK):
            raise RuntimeError(f"{SSHD} is missing: run `make deps` (.ci/deps.sh installs openssh-server)")
        self.folder = folder
        self.repos = os.path.join(folder, "repos")
        self.hold = os.path.join(folder, "hold")
        self.asked = os.path.join(folder, "asked.log")
        self.known_hosts = os.path.join(folder, "known_hosts")
        self.client_config = os.path.join(folder, "ssh_config")
        self.git_config = os.path.join(folder, "gitconfig")
        # The account sshd runs as (not $USER, which a test's environment may carry over from another).
        self.user = pwd.getpwuid(os.getuid()).pw_name
        os.makedirs(self.repos, exist_ok=True)
        os.chmod(folder, 0o700)
        host_key, client_key = os.path.join(folder, "host_key"), os.path.join(folder, "client_key")
        for key in (host_key, client_key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "mayun-test", "-f", key], check=True)
        with open(host_key + ".pub") as f:
            self.host_public = " ".join(f.read().split()[:2])
        serve = os.path.join(folder, "serve.sh")
        with open(serve, "w") as f:
            f.write(f"""#!/bin/sh
printf '%s\\n' "$SSH_ORIGINAL_COMMAND" >> '{self.asked}'
waited=0
while [ -e '{self.hold}' ] && [ $waited -lt {HOLD_LIMIT_S * 10} ]; do sleep 0.1; waited=$((waited + 1)); done
cd '{self.repos}' && exec git-shell -c "$SSH_ORIGINAL_COMMAND"
""")
        os.chmod(serve, 0o755)
        with open(client_key + ".pub") as f:
            public = f.read().strip()
        authorized = os.path.join(folder, "authorized_keys")
        with open(authorized, "w") as f:
            f.write(f'command="{serve}",restrict {public}\n')
        os.chmod(authorized, 0o600)
        self.port = free_port()
        config = os.path.join(folder, "sshd_config")
        with open(config, "w") as f:
            f.write(f"""ListenAddress 127.0.0.1
Port {self.port}
HostKey {host_key}
PidFile {os.path.join(folder, "sshd.pid")}
AuthorizedKeysFile {authorized}
AllowUsers {self.user}
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
""")
        self.client_key = client_key
        self.offer_key(True)
        with open(self.git_config, "w") as f:
            f.write(f'[url "{self.user}@127.0.0.1:"]\n\tinsteadOf = git@127.0.0.1:\n')
        self.trust_host(True)
        if os.geteuid() == 0:
            # As root sshd insists on its privilege separation folder, which the ssh service would make at boot.
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
        self.log = open(log_path, "ab", buffering=0)
        self.proc = subprocess.Popen([SSHD, "-D", "-e", "-f", config], stdin=subprocess.DEVNULL, stdout=self.log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 20
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"sshd stopped at start (exit {self.proc.returncode}); see {log_path}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"sshd did not listen on 127.0.0.1:{self.port} within 20 s")
                time.sleep(0.05)  # polling for the port, with a deadline

    def environment(self):
        """What the app (and its git) is given to reach this server."""
        return {"GIT_SSH_COMMAND": f"ssh -F {self.client_config}", "GIT_CONFIG_GLOBAL": self.git_config}

    def offer_key(self, offered):
        """The client's ssh config: with the authorized key, or with only a key the server does not know (ssh then
        says "Permission denied (publickey)")."""
        key = self.client_key if offered else os.path.join(self.folder, "unknown_key")
        if not offered and not os.path.exists(key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "unknown", "-f", key], check=True)
        with open(self.client_config, "w") as f:
            f.write(f"""Host 127.0.0.1
    Port {self.port}
    IdentityFile {key}
    IdentitiesOnly yes
    IdentityAgent none
    UserKnownHostsFile {self.known_hosts}
    GlobalKnownHostsFile /dev/null
    StrictHostKeyChecking yes
    ConnectTimeout 10
""")

    def trust_host(self, trusted):
        """Pre-seeds the known hosts with this server's key, or empties them (ssh then refuses an unknown host)."""
        with open(self.known_hosts, "w") as f:
            if trusted:
                f.write(f"[127.0.0.1]:{self.port} {self.host_public}\n")

    def add_mirror(self, clone_url, full_name):
        """A bare copy of a repository (from FakeGitee's smart HTTP) served as `full_name`.git."""
        target = os.path.join(self.repos, full_name + ".git")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        subprocess.run(["git", "clone", "-q", "--bare", clone_url, target], check=True,
                       env={**os.environ, "GIT_TERMINAL_PROMPT": "0"})
        return target

    def requests(self):
        """The commands clients asked the forced command for, in order."""
        try:
            with open(self.asked) as f:
                return f.read().splitlines()
        except FileNotFoundError:
            return []

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            self.proc.wait(timeout=10)
        self.log.close()
