import Foundation

/// Private repositories answer 404 to strangers and to other users, as Gitee does, before any route runs: every
/// repository route (API and the website's raw links) is covered by this one check and `World.isVisible`; their
/// release files at the website's address answer the login page to everyone.
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
        guard let (owner, repo) = names, let project = world.project(owner: owner, repo: repo) else { return nil }
        // The website knows its own sign-in (a browser session), not the API's token: a private project's release
        // file at its website address (`browser_download_url`) sends everyone to the login page, its owner too
        // (GITEE-API.md, "Release files").
        if project.isPrivate, segments[0] != "api", segments.count >= 4, segments[2] == "releases", segments[3] == "download" {
            return loginRedirect(request)
        }
        guard !world.isVisible(project, to: request.viewer) else { return nil }
        return Self.projectNotFound
    }

    /// How the website sends a browser to sign in: `302` to `/login?redirect_to=<path>`, whose answer is the login
    /// page (`200 text/html`).
    func loginRedirect(_ request: FakeRequest) -> FakeResponse {
        FakeResponse(status: 302, contentType: "text/html; charset=utf-8",
                     headers: [("Location", "\(baseURL)/login?redirect_to=\(request.rawPath)")],
                     body: Data("<html><body>You are being <a href=\"/login\">redirected</a>.</body></html>".utf8))
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
