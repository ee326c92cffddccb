import GiteeKit
@testable import MayunCore

/// Names a person types that end up in a path (a new file's name, a new branch's name: GiteeKit's `BranchName`, which
/// the app and FakeGitee share), and the account tag a
/// notification's target carries through the desktop's notification server and back (issue 36, item 10).
func checkTypedNamesAndTags(_ text: String) {
    if NewFileName.problem(with: text, files: [], folders: []) == nil, !text.isEmpty {
        let path = FolderTarget(repo: RepositoryID(owner: "o", name: "r"), branch: nil, folder: "docs").path(of: text)
        precondition(PathSafety.problem(inFilePath: path) == nil, "an accepted new file name is not a safe path: \(path)")
        precondition(text.utf8.count <= NewFileName.maxPathBytes, "an accepted new file name is too long")
    }
    if BranchName.isValid(text) {
        precondition(!text.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == "." || $0 == ".." || $0.isEmpty },
                     "an accepted branch name has a dot or empty segment: \(text.debugDescription)")
        precondition(!text.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F }, "a control character in a branch name")
    }

    // What came back from the notification server is a stranger's text too: split never invents an account...
    let (target, account) = AccountNotifier.split(text)
    if let account {
        precondition(!account.server.isEmpty && !account.login.isEmpty, "an account without a server or login")
        precondition(target.utf8.count < text.utf8.count, "the target kept its account tag")
    } else {
        precondition(target == text, "an untagged target changed")
    }
    // ...and what Mayun tagged comes back whole, whatever the server and login hold.
    let halves = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    if halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty, !halves[1].contains("\n") {
        let id = AccountID(server: String(halves[0]), login: String(halves[1]))
        let back = AccountNotifier.split(AccountNotifier.tag(text, with: id))
        precondition(back.target == text && back.account == id, "a tagged target did not come back whole")
    }
}
