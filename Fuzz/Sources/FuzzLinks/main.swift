import Foundation
import FuzzSupport
import GiteeKit
import Glibc
@testable import MayunCore
@testable import MayunDocument

/// Link and image resolution in a document (`href`/`src` as a stranger wrote them), repository path helpers, and
/// the link policy every external open goes through, including profile links typed by strangers, and the link
/// router (`GiteeLink.outcome`) for links from the command line, D-Bus, the clipboard and drops; and the checks of
/// issue 36 on the same text: a path part sent (`PathSafety`), a server address, a download name, a clone address,
/// a new file's or branch's name, a notification's account tag (Names.swift).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLinks(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let server = URL(string: "https://gitee.com")!
    for context in [
        DocumentContext(repository: RepositoryID(owner: "o", name: "r"), ref: "dev", filePath: "docs/a/README.md", server: server),
        DocumentContext(repository: nil, ref: nil, folder: "", server: server),
    ] {
        if let link = context.link(for: text, title: text) {
            if case .external(let url) = link.target {
                precondition(LinkPolicy.decide(url).isAllowed, "a document link the policy refuses became followable")
            }
        }
        _ = context.imageSource(for: text)
        _ = context.apiRawURL(repository: RepositoryID(owner: text, name: text), path: text, ref: text)
        _ = context.websiteURL(repository: RepositoryID(owner: text, name: text), kind: "blob", ref: text, path: text)
        if let url = URL(string: text) { _ = context.websiteFile(in: url) }
    }
    _ = DocumentContext.scheme(of: text)
    _ = DocumentContext.stripQueryAndFragment(text)
    _ = RepositoryPath.normalize(text)
    _ = RepositoryPath.folder(of: text)
    _ = RepositoryPath.join(folder: text, text)
    _ = RepositoryPath.decode(RepositoryPath.encodePath(text))
    _ = RepositoryPath.fileExtension(of: text)

    // The link router: what a link given on the command line, over D-Bus, pasted or dropped opens.
    for site in [server, URL(string: "http://127.0.0.1:8080")!] {
        let outcome = GiteeLink.outcome(for: text, server: site)
        precondition(GiteeLink.outcome(for: text, server: site) == outcome, "the router answers the same twice")
        if case .page = outcome {
            // Surrounding whitespace is what people paste; it never changes the page.
            precondition(GiteeLink.outcome(for: " \n" + text + "\t ", server: site) == outcome, "whitespace changed the page")
        }
    }

    checkPathsAndNames(text, server: server)
    checkTypedNamesAndTags(text)

    if let url = URL(string: text) { _ = LinkPolicy.decide(url) }
    let profile = LinkPolicy.decide(profileText: text)
    if case .open(let url) = profile {
        precondition(["http", "https"].contains(url.scheme?.lowercased() ?? ""), "policy allowed a non-web scheme")
    }
    return 0
}

/// What a stranger's text can become on its way out: nothing that climbs out of a project, talks plain HTTP off this
/// machine, hides a control character in a file name, or clones from another host.
func checkPathsAndNames(_ text: String, server: URL) {
    if case .page(let route) = GiteeLink.outcome(for: text, server: server), let repo = repository(of: route) {
        precondition(PathSafety.problem(inSegment: repo.owner) == nil && PathSafety.problem(inSegment: repo.name) == nil,
                     "a link opened a page for an owner or repository that is not one name")
    }
    for path in [Endpoints.file(owner: "o", repo: "r", path: text).path, Endpoints.project(owner: text, repo: "r").path,
                 Endpoints.release(owner: "o", repo: "r", tag: text).path] where PathSafety.problem(inEncodedPath: path) == nil {
        let pieces = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            .flatMap { ($0.removingPercentEncoding ?? "").split(separator: "/", omittingEmptySubsequences: false) }
        precondition(!pieces.contains { $0.isEmpty || $0 == "." || $0 == ".." }, "a dot segment passed PathSafety: \(path)")
    }
    if case .success(let address) = ServerAddress.parse(text), address.hasPrefix("http://") {
        precondition(ServerAddress.isLoopback(URLComponents(string: address)?.host ?? ""), "plain http off this machine")
    }
    let name = DownloadCenter.safeName(text)
    precondition(!name.isEmpty && name.utf8.count <= DownloadCenter.maxNameBytes && !name.hasPrefix(".")
                 && !name.contains("/") && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E },
                 "an unsafe download name: \(name.debugDescription)")
    if CloneAddress.problem(with: text, server: server) == nil {
        precondition(text.hasPrefix("https://") || text.hasPrefix("ssh://") || CloneAddress.scpLikeHost(text) == "gitee.com"
                     || CloneAddress.scpLikeHost(text) == "www.gitee.com", "a clone address off the site: \(text)")
    }
}

func repository(of route: Route) -> RepositoryID? {
    switch route {
    case .project(let repo), .tree(let repo, _, _), .blob(let repo, _, _), .image(let repo, _, _), .issues(let repo),
         .issue(let repo, _), .pullRequests(let repo), .pullRequest(let repo, _, _), .commits(let repo, _),
         .commit(let repo, _), .releases(let repo), .release(let repo, _):
        return repo
    default:
        return nil
    }
}

exit(FuzzDriver.run(fuzzLinks))
