import FuzzSupport
import Foundation
import GiteeKit
import Glibc
@testable import MayunCore

/// Files the app reads back from disk (issue 36): the account list (`accounts.json`), the login kept in the keyring
/// (`StoredLogin`), issue and comment drafts, file drafts, remembered pull request filters. Any of them may be
/// damaged or hand-edited, and logins and names in them came from a server. Asserts what the code promises: the
/// account cap, a non-empty stored token, that what was read writes back to the same value, and that the file and
/// folder names made from the names read are single, safe path components.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzStored(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    var names: [String] = []

    if let list = AccountListFile.decode(data) {
        precondition(list.accounts.count <= AccountList.limit, "more accounts than the cap")
        let written = try! AccountListFile.encode(list)
        precondition(AccountListFile.decode(written) == list, "the account list does not read back as written")
        _ = list.activeAccount
        for account in list.accounts {
            names += [account.server, account.login, account.name]
            checkFolderName(account)
            _ = account.serverName
            _ = account.storeOwner
        }
    }

    if let stored = StoredLogin.decode(String(decoding: data, as: UTF8.self)) {
        precondition(!stored.accessToken.isEmpty, "a stored login without a token was read")
        precondition(StoredLogin.decode(stored.encoded()) == stored, "the stored login does not read back as written")
        if case .oauth(let token) = stored.credential {
            _ = token.isExpired(at: Date(timeIntervalSince1970: 1_700_000_000))
        }
        if let user = stored.user {
            names.append(user.login)
            checkFolderName(Account(server: "https://gitee.com", user: user))
        }
    }

    let decoder = JSONDecoder()
    if let draft = try? decoder.decode(IssueDraft.self, from: data) {
        precondition(try! decoder.decode(IssueDraft.self, from: JSONEncoder().encode(draft)) == draft,
                     "an issue draft does not read back as written")
        names += [draft.title] + draft.labels + [draft.assignee].compactMap { $0 }
    }
    if let draft = try? decoder.decode(FileDraft.self, from: data) {
        precondition(try! decoder.decode(FileDraft.self, from: JSONEncoder().encode(draft)) == draft,
                     "a file draft does not read back as written")
        names += [draft.baseSHA] + [draft.name].compactMap { $0 }
    }
    if let filters = try? decoder.decode(PullRequestFilters.self, from: data) {
        precondition(try! decoder.decode(PullRequestFilters.self, from: JSONEncoder().encode(filters)) == filters,
                     "pull request filters do not read back as written")
    }

    // The raw text too: what a file name is made from need not have come through JSON.
    names.append(String(decoding: data, as: UTF8.self))
    MainActor.assumeIsolated {
        let drafts = DraftStore(directory: URL(fileURLWithPath: "/drafts"))
        let filters = PullRequestFilterStore(directory: URL(fileURLWithPath: "/data"))
        for name in names.prefix(8) {
            let repo = RepositoryID(owner: name, name: name)
            checkFileName(drafts.file(for: repo), in: "/drafts")
            checkFileName(drafts.commentFile(account: name, repo: repo, issue: name), in: "/drafts/comments")
            checkFileName(drafts.fileDraftFile(account: name, repo: repo, branch: name, path: name), in: "/drafts/files")
            checkFileName(filters.file(for: repo), in: "/data/filters")
            checkFileName(drafts.messageFile(account: name, recipient: name), in: "/drafts/messages")
            // Replies of the older format (read until the next save): `messages/<account>/<recipient>.txt`. A login
            // is never empty (the older store wrote none for an empty one).
            if !name.isEmpty {
                let legacy = drafts.legacyMessageFile(account: name, recipient: name)
                checkFileName(legacy.deletingLastPathComponent(), in: "/drafts/messages")
                checkFileName(legacy, in: legacy.deletingLastPathComponent().path)
            }
        }
    }
    return 0
}

/// A name made from stranger's text lands where it was meant to: one component right in `folder`, not `.`/`..`,
/// within the file system's 255 bytes.
func checkFileName(_ url: URL, in folder: String) {
    let name = url.lastPathComponent
    precondition(url.deletingLastPathComponent().path == folder, "a draft file outside its folder: \(url.path)")
    precondition(!name.isEmpty && name != "." && name != ".." && !name.contains("/") && name.utf8.count <= 255,
                 "an unsafe file name: \(name.debugDescription)")
}

/// An account's private folder: hex (and the dash before a long one's hash) and a name the file system takes.
func checkFolderName(_ account: Account) {
    let name = account.folderName
    precondition(!name.isEmpty && name.utf8.count <= 255 && name.allSatisfy { $0.isHexDigit || $0 == "-" },
                 "an account folder name the file system refuses: \(name.count) characters")
}

exit(FuzzDriver.run(fuzzStored))
