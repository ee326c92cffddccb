"""A loopback TCP forwarder in front of FakeGitee that can be unplugged: while it is, its port refuses connections
(a real ECONNREFUSED, what the app sees when the server is down or unreachable), and plugging it in again listens on
the same port, so the app's server address (and with it the account and its outbox) stays the same.

FakeGitee itself keeps running behind it, so what it was told before the outage (a closed issue, a comment) is still
true after it, and its request log (`/__fake/log`, read directly, not through this) shows what arrived.

    proxy = UnplugProxy(fake.port)   # proxy.url for the app, fake.url for the control API
    proxy.unplug(); ...; proxy.plug(); proxy.stop()
"""

import socket
import threading


class UnplugProxy:
    def __init__(self, target_port):
        self.target = ("127.0.0.1", target_port)
        self.lock = threading.Lock()
        self.connections = set()
        self.listener = None
        self.port = 0
        self.plug()
        self.url = f"http://127.0.0.1:{self.port}"

    def plug(self):
        """Listens (again) on the proxy's port."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        with self.lock:
            self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def unplug(self):
        """Stops listening and closes every open connection (kept-alive ones too): new connections are refused."""
        with self.lock:
            listener, self.listener = self.listener, None
            open_now, self.connections = self.connections, set()
        if listener is not None:
            listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        for conn in open_now:
            _close(conn)

    def stop(self):
        self.unplug()

    @property
    def plugged(self):
        return self.listener is not None

    def _accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # unplugged
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                _close(client)
                continue
            with self.lock:
                if self.listener is not listener:  # unplugged meanwhile
                    _close(client)
                    _close(upstream)
                    continue
                self.connections.update((client, upstream))
            threading.Thread(target=self._pipe, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client), daemon=True).start()

    def _pipe(self, source, sink):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                with self.lock:
                    self.connections.discard(s)
                _close(s)


def _close(sock):
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass
