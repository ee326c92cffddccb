import FakeGitee

extension FakeGiteeServer {
    /// A FakeGitee on a free loopback port, for a test class to keep for the whole run (its world is generated once:
    /// keep the result in a static). `configure` sets its options (a smaller world starts sooner).
    @MainActor
    public static func startedForTests(_ configure: (inout Options) -> Void = { _ in }) -> FakeGiteeServer {
        var options = Options()
        configure(&options)
        let server = FakeGiteeServer(options: options)
        do { try server.start(port: 0) } catch { fatalError("FakeGitee did not start: \(error)") }
        return server
    }

    /// `startedForTests` with the small world the loopback tests of downloads, privacy and Save As share (300
    /// projects, 60 people).
    @MainActor
    public static func smallWorldForTests() -> FakeGiteeServer {
        startedForTests {
            $0.projectCount = 300
            $0.userCount = 60
        }
    }
}
