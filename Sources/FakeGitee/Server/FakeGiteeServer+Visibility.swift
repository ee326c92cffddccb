import Foundation

/// Private repositories answer 404 to strangers and to other users, as Gitee does, before any route runs: every
/// repository route (API and the website's raw links) is covered by this one check and `World.isVisible`.
extension FakeGiteeServer {
    func hiddenRepository(_ request: FakeRequest) -> FakeResponse? {
        let segments = request.segments
        let names: (String, String)?
        if segments.count >= 5, segments[0] == "api", segments[2] == "repos" {
            names = (segments[3], segments[4])
        } else if segments.count >= 3, segments[0] != "api", segments[0] != "__fake" {
            names = (segments[0], segments[1])
        } else {
            names = nil
        }
        guard let (owner, repo) = names, let project = world.project(owner: owner, repo: repo),
              !world.isVisible(project, to: request.viewer) else { return nil }
        return Self.projectNotFound
    }

    /// `GET /redirect?to=<url>`: a 302 to anywhere, so tests can check what follows a redirect off (or back onto)
    /// the server's origin. Logged like API calls, with how the token came (if it did).
    func registerRedirectRoute() {
        router.add("GET", "/redirect") { request, _ in
            guard let target = request.query["to"] else { return .error(400, "to is missing") }
            return FakeResponse(status: 302, contentType: "text/plain", headers: [("Location", target)], body: Data())
        }
    }
}
