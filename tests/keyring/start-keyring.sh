#!/bin/sh
# Runs a command with a real, unlocked Secret Service (gnome-keyring-daemon) on the current session bus, so the
# keyring tests exercise libsecret end to end without ever prompting. Use it inside a private bus:
#
#   dbus-run-session -- tests/keyring/start-keyring.sh swift test --skip-build
#
# The keyring lives in a temporary folder (never the person's own keyrings) with a throwaway password, and is removed
# afterwards. MAYUN_KEYRING_STARTED=1 is exported to the command so tests know a keyring is expected.
set -eu

bus_call() {
    dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus "$@" 2>/dev/null
}

if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
    echo "start-keyring.sh: no session bus; run me inside dbus-run-session" >&2
    exit 2
fi
# Never touch a keyring that is already running (it would be the person's own, and --unlock would try our password).
case "$(bus_call org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets || true)" in
    *true*) echo "start-keyring.sh: a Secret Service is already on this bus; run me inside dbus-run-session" >&2
            exit 2 ;;
esac

keyring_home=$(mktemp -d "${TMPDIR:-/tmp}/mayun-keyring.XXXXXX")
mkdir -p "$keyring_home/data" "$keyring_home/runtime"
chmod 700 "$keyring_home/data" "$keyring_home/runtime"
daemon_pid=""
cleanup() {
    if [ -n "$daemon_pid" ]; then
        kill "$daemon_pid" 2>/dev/null || true
        # The daemon writes its keyring files (creating their folder again) as it exits: wait for it, up to 5 s.
        tries=0
        while kill -0 "$daemon_pid" 2>/dev/null && [ $tries -lt 50 ]; do sleep 0.1; tries=$((tries + 1)); done
    fi
    rm -rf "$keyring_home"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --unlock reads the login keyring's password from stdin and creates that keyring (the default collection) when it is
# missing. An empty password does not create it, hence a throwaway one. --daemonize returns once the daemon owns its
# bus name. The XDG variables are the daemon's only: its keyrings and control socket stay in the private folder.
printf 'mayun-test-keyring' | env XDG_DATA_HOME="$keyring_home/data" XDG_RUNTIME_DIR="$keyring_home/runtime" \
    gnome-keyring-daemon --daemonize --unlock --components=secrets > /dev/null

# --daemonize returns before the daemon owns org.freedesktop.secrets: wait for the name (up to 10 s), and take the
# daemon's pid from the bus itself, so exactly this daemon is stopped at the end.
tries=0
while [ -z "$daemon_pid" ] && [ $tries -lt 100 ]; do
    daemon_pid=$(bus_call org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets \
        | awk '{print $NF}') || daemon_pid=""
    [ -n "$daemon_pid" ] || sleep 0.1
    tries=$((tries + 1))
done
if [ -z "$daemon_pid" ]; then
    echo "start-keyring.sh: gnome-keyring-daemon did not appear on the bus" >&2
    exit 1
fi

export MAYUN_KEYRING_STARTED=1
status=0
"$@" || status=$?
exit $status
