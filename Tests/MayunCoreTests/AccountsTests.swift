import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Two Gitee servers on loopback ports nobody listens on (the transports are scripted), each with its own person.
@MainActor
final class TwoServers {
    static let home = "http://127.0.0.1:9"
    static let work = "http://127.0.0.1:10"
    let homeTransport = ScriptedTransport()
    let workTransport = ScriptedTransport()
    let keyring = InMemoryCredentialStore()
    let folder: URL
    let offline: OfflineStore
    let factory: AccountServicesFactory

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-accounts-\(UUID().uuidString)")
        offline = try OfflineStore(directory: folder.appendingPathComponent("cache"))
        homeTransport.on("GET", "/api/v5/user", SessionFixtures.user(login: "alice", name: "Alice"))
        workTransport.on("GET", "/api/v5/user", SessionFixtures.user(login: "bob", name: "Bob"))
        let transports = [Self.home: homeTransport, Self.work: workTransport]
        factory = AccountServicesFactory(keyring: keyring, offline: offline,
                                         dataDirectory: folder.appendingPathComponent("data"),
                                         openOutbox: { Outbox(file: $0) }) { server in
            GiteeClient(configuration: GiteeConfiguration(server: server, retry: .none),
                        transport: transports[server] ?? ScriptedTransport())
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    static let alice = Account(server: home, login: "alice", userID: 7, name: "Alice")
    static let bob = Account(server: work, login: "bob", userID: 7, name: "Bob")

    func storeLogin(_ account: Account, token: String) {
        let secret = StoredLogin(credential: .personalToken(token),
                                 user: SessionUser(login: account.login, name: account.name)).encoded()
        seed(CredentialKey(server: account.server, kind: .account, login: account.login), secret)
    }

    func seed(_ key: CredentialKey, _ secret: String) {
        let keyring = keyring
        runUntilDone("seed the keyring") { try? await keyring.store(secret, for: key, label: "test") }
    }

    var file: AccountListFile { AccountListFile(configDirectory: folder.appendingPathComponent("config")) }
}

final class AccountsTests: XCTestCase {
    func testTheAccountListIsKeptPrivatelyAndReadBack() throws {
        try onMain {
            let servers = try TwoServers()
            let list = AccountList(accounts: [TwoServers.alice, TwoServers.bob], active: TwoServers.bob.id)
            XCTAssertNil(servers.file.load(), "no file yet: the upgrade runs")
            XCTAssertNil(servers.file.save(list))
            XCTAssertEqual(servers.file.load(), list)
            let mode = try FileManager.default.attributesOfItem(atPath: servers.file.url.path)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600)
            try Data("{not json".utf8).write(to: servers.file.url)
            XCTAssertEqual(servers.file.load(), AccountList(), "a damaged list is set aside, not fatal")
        }
    }

    func testServerAddressesAreHttpsExceptOnThisMachine() {
        XCTAssertEqual(try ServerAddress.parse("gitee.com").get(), "https://gitee.com")
        XCTAssertEqual(try ServerAddress.parse(" HTTPS://Git.Example.org:443/ ").get(), "https://git.example.org")
        XCTAssertEqual(try ServerAddress.parse("http://127.0.0.1:8080").get(), "http://127.0.0.1:8080")
        XCTAssertEqual(try ServerAddress.parse("http://localhost:3000/").get(), "http://localhost:3000")
        XCTAssertEqual(ServerAddress.parse("http://git.example.org"), .failure(.insecure))
        XCTAssertEqual(ServerAddress.parse("ftp://git.example.org"), .failure(.notAnAddress))
        XCTAssertEqual(ServerAddress.parse("https://git.example.org/some/path"), .failure(.notAnAddress))
        XCTAssertEqual(ServerAddress.parse("https://user:pw@git.example.org"), .failure(.notAnAddress))
        XCTAssertEqual(ServerAddress.parse("   "), .failure(.empty))
    }

    /// Issue 36: a `MAYUN_TOKEN` session's drafts live in a folder of their own, apart from the shared "nobody yet"
    /// folder an Add Account form starts in and from every account's.
    func testEnvironmentTokenDraftsAreNotTheNextAccountsDrafts() throws {
        try onMain {
            let servers = try TwoServers()
            let token = servers.factory.draftsDirectory(server: TwoServers.home, account: nil, environmentToken: "secret")
            let nobody = servers.factory.draftsDirectory(server: TwoServers.home, account: nil, environmentToken: nil)
            let alice = servers.factory.draftsDirectory(server: TwoServers.home, account: TwoServers.alice, environmentToken: nil)
            XCTAssertNotEqual(token, nobody)
            XCTAssertNotEqual(token, alice)
            XCTAssertFalse(token.path.hasPrefix(nobody.path + "/"))
            XCTAssertNotEqual(token, servers.factory.draftsDirectory(server: TwoServers.work, account: nil, environmentToken: "secret"),
                              "per server")
        }
    }

    /// Issues 36 and 38: drafts never cross accounts. A `MAYUN_TOKEN` session's drafts (this run's, and those an
    /// earlier version's token session left in the shared "nobody yet" folder) are not in the account added next;
    /// this run's stay with the token session.
    func testAMAYUNTokenSessionsDraftsDoNotAppearInAnAddedAccount() throws {
        try onMain {
            let servers = try TwoServers()
            let repo = RepositoryID(owner: "o", name: "r"), data = servers.folder.appendingPathComponent("data")
            let leftover = DraftStore(directory: data.appendingPathComponent("drafts"))
            leftover.save(IssueDraft(title: "an earlier token run's"), for: repo)
            leftover.saveMessage("an earlier token run's", account: "alice", recipient: "wang")
            runUntilDone("the leftovers are written") { await leftover.flush() }

            let accounts = Accounts(list: AccountList(), file: servers.file, factory: servers.factory,
                                    server: TwoServers.home, environmentToken: "env-token")
            runUntilDone("login named") { await accounts.services.session.start() }
            waitUntil("the account is named") { accounts.environmentAccount != nil }
            let tokenDrafts = accounts.services.drafts
            tokenDrafts.save(IssueDraft(title: "the token's"), for: repo)
            tokenDrafts.saveMessage("the token's", account: "alice", recipient: "wang")
            tokenDrafts.saveComment("the token's", account: "alice", repo: repo, issue: "I1")

            let form = AddAccountViewModel(accounts: accounts)
            form.setServer(TwoServers.work)
            form.setToken("bob-token")
            runUntilDone("add") { await form.add() }
            XCTAssertTrue(form.isDone, form.errorMessage ?? "")
            XCTAssertEqual(accounts.active?.id, TwoServers.bob.id)
            let bobs = accounts.services.drafts
            runUntilDone("writes") { await bobs.flush(); await tokenDrafts.flush() }
            XCTAssertTrue(bobs.draft(for: repo).isEmpty, bobs.draft(for: repo).title)
            XCTAssertEqual(bobs.message(account: "alice", recipient: "wang"), "")
            XCTAssertEqual(bobs.comment(account: "alice", repo: repo, issue: "I1"), "")
            let bobsFolder = AccountUpgrade.draftsDirectory(of: TwoServers.bob, in: data)
            XCTAssertEqual(bobs.directory.path, bobsFolder.path)
            XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: bobsFolder.path)) ?? [], [],
                           "nothing was moved into the added account")
            let token = DraftStore(directory: tokenDrafts.directory)
            XCTAssertEqual(token.draft(for: repo).title, "the token's", "the token session keeps its own")
            XCTAssertEqual(token.message(account: "alice", recipient: "wang"), "the token's")
        }
    }

    /// Two `MAYUN_TOKEN` runs on one server whose tokens are two people's share no draft (a new issue's draft is
    /// kept per project only, so a folder per server gave the second person the first one's); the same login's next
    /// run finds its own.
    func testTwoTokensOfTwoPeopleOnOneServerShareNoDraft() throws {
        try onMain {
            let servers = try TwoServers()
            let repo = RepositoryID(owner: "o", name: "r")
            @MainActor func tokenRun(_ token: String) -> Accounts {
                let accounts = Accounts(list: AccountList(), file: servers.file, factory: servers.factory,
                                        server: TwoServers.home, environmentToken: token)
                runUntilDone("login named") { await accounts.services.session.start() }
                waitUntil("the account is named") { accounts.environmentAccount != nil }
                return accounts
            }
            let alices = tokenRun("alice-token").services.drafts
            alices.save(IssueDraft(title: "Alice's"), for: repo)
            runUntilDone("write") { await alices.flush() }

            servers.homeTransport.on("GET", "/api/v5/user", SessionFixtures.user(login: "carol", name: "Carol"))
            let carols = tokenRun("carol-token")
            XCTAssertEqual(carols.environmentAccount?.login, "carol")
            XCTAssertTrue(carols.services.drafts.draft(for: repo).isEmpty, carols.services.drafts.draft(for: repo).title)

            servers.homeTransport.on("GET", "/api/v5/user", SessionFixtures.user(login: "alice", name: "Alice"))
            XCTAssertEqual(tokenRun("alice-token").services.drafts.draft(for: repo).title, "Alice's")
        }
    }

    /// The first login of a session without an account carries what that session wrote into the account's folder,
    /// and only that: another session's leftovers in the shared folder stay where they are.
    func testAFirstLoginCarriesOnlyItsOwnDrafts() throws {
        try onMain {
            let servers = try TwoServers()
            let data = servers.folder.appendingPathComponent("data")
            let mine = RepositoryID(owner: "o", name: "mine"), theirs = RepositoryID(owner: "o", name: "theirs")
            let leftover = DraftStore(directory: data.appendingPathComponent("drafts"))
            leftover.save(IssueDraft(title: "an earlier session's"), for: theirs)
            runUntilDone("the leftover is written") { await leftover.flush() }

            let accounts = Accounts(list: AccountList(), file: servers.file, factory: servers.factory, server: TwoServers.home)
            accounts.services.drafts.save(IssueDraft(title: "typed before logging in"), for: mine)
            runUntilDone("log in") { try? await accounts.services.session.logIn(personalToken: "alice-token") }
            waitUntil("the account is made") { accounts.active?.id == TwoServers.alice.id }
            let alices = accounts.services.drafts
            XCTAssertEqual(alices.directory.path, AccountUpgrade.draftsDirectory(of: TwoServers.alice, in: data).path)
            XCTAssertEqual(alices.draft(for: mine).title, "typed before logging in")
            XCTAssertTrue(alices.draft(for: theirs).isEmpty, "another session's draft is not this account's")
            XCTAssertEqual(DraftStore(directory: data.appendingPathComponent("drafts")).draft(for: theirs).title,
                           "an earlier session's")
        }
    }

    /// Issue 36: only 127.0.0.0/8 addresses, ::1 and localhost are this machine; a name beginning with "127." is not.
    func testOnlyRealLoopbackAddressesMayUsePlainHTTP() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "LOCALHOST"] {
            XCTAssertTrue(ServerAddress.isLoopback(host), host)
        }
        for host in ["127.evil.example", "127.0.0.1.evil.example", "127.0.0", "127.0.0.256", "127.0.0.1a", "0127.0.0.1",
                     "128.0.0.1", "localhost.example", "::2", ""] {
            XCTAssertFalse(ServerAddress.isLoopback(host), host)
        }
        XCTAssertEqual(ServerAddress.parse("http://127.evil.example"), .failure(.insecure))
        XCTAssertEqual(ServerAddress.parse("http://127.0.0.1.nip.io:8080"), .failure(.insecure))
    }

    func testTheSingleLoginOfAnEarlierVersionBecomesTheFirstAccount() throws {
        try onMain {
            let servers = try TwoServers()
            // Before accounts: one item {server, kind: login}, rows owned by the bare login, drafts in data/drafts.
            let legacy = StoredLogin(credential: .personalToken("old-token"),
                                     user: SessionUser(login: "alice", name: "Alice", avatarURL: "http://a/x.png"))
            servers.seed(CredentialKey(server: TwoServers.home, kind: .login), legacy.encoded())
            servers.offline.insertLegacyRow(key: "list:mine/starred", body: Data(#"["mine"]"#.utf8), owner: "alice")
            let drafts = servers.folder.appendingPathComponent("data/drafts")
            try PrivateFiles.write(Data("{}".utf8), to: drafts.appendingPathComponent("o%2Fr.json"))

            var outcome: AccountUpgrade.Outcome?
            runUntilDone("upgrade") {
                await servers.offline.flush()
                outcome = await AccountUpgrade.run(legacyServer: TwoServers.home, server: TwoServers.home,
                                                   keyring: servers.keyring, offline: servers.offline,
                                                   dataDirectory: servers.folder.appendingPathComponent("data"))
                await servers.offline.flush()
            }
            let account = try XCTUnwrap(outcome?.list?.activeAccount)
            XCTAssertEqual(account.id, AccountID(server: TwoServers.home, login: "alice"))
            XCTAssertEqual(account.avatarURL, "http://a/x.png")
            XCTAssertNil(servers.keyring.secrets[CredentialKey(server: TwoServers.home, kind: .login)])
            XCTAssertEqual(servers.keyring.secrets[CredentialKey(server: TwoServers.home, kind: .account, login: "alice")],
                           legacy.encoded(), "the same login, no new one")
            servers.offline.account = { .login(account.storeOwner) }
            XCTAssertEqual(servers.offline.loadBlocking([String].self, key: "list:mine/starred")?.value, ["mine"])
            servers.offline.account = { .login("alice") }
            XCTAssertNil(servers.offline.loadBlocking([String].self, key: "list:mine/starred"), "no row is left under the bare login")
            let moved = AccountUpgrade.draftsDirectory(of: account, in: servers.folder.appendingPathComponent("data"))
            XCTAssertTrue(FileManager.default.fileExists(atPath: moved.appendingPathComponent("o%2Fr.json").path))

            // And the app starts logged in as that account, with no login asked for.
            let accounts = Accounts(list: try XCTUnwrap(outcome?.list), file: nil, factory: servers.factory,
                                    server: TwoServers.home)
            runUntilDone("restore") { await accounts.services.session.start() }
            XCTAssertTrue(accounts.services.session.isLoggedIn)
            XCTAssertEqual(accounts.services.client.auth.accessToken, "old-token")
        }
    }

    func testALoginThatDoesNotSayWhoseItIsWaitsForTheNextStart() throws {
        try onMain {
            let servers = try TwoServers()
            let legacy = StoredLogin(credential: .personalToken("old-token"), user: nil)
            servers.seed(CredentialKey(server: TwoServers.home, kind: .login), legacy.encoded())
            var outcome: AccountUpgrade.Outcome?
            runUntilDone("upgrade") {
                outcome = await AccountUpgrade.run(legacyServer: TwoServers.home, server: TwoServers.home,
                                                   keyring: servers.keyring, offline: nil,
                                                   dataDirectory: servers.folder)
            }
            XCTAssertNil(outcome?.list)
            XCTAssertNotNil(servers.keyring.secrets[CredentialKey(server: TwoServers.home, kind: .login)])
        }
    }

    func testSwitchingSendsOnlyTheNewAccountsTokenAndOnlyToItsServer() throws {
        try onMain {
            let servers = try TwoServers()
            servers.storeLogin(TwoServers.alice, token: "alice-token")
            servers.storeLogin(TwoServers.bob, token: "bob-token")
            let accounts = Accounts(list: AccountList(accounts: [TwoServers.alice, TwoServers.bob],
                                                      active: TwoServers.alice.id),
                                    file: servers.file, factory: servers.factory, server: TwoServers.home)
            let first = accounts.services
            runUntilDone("alice") { await first.session.start() }
            XCTAssertEqual(first.session.user?.login, "alice")

            accounts.switchTo(TwoServers.bob.id)
            XCTAssertFalse(accounts.services === first, "a switch swaps the whole services value")
            XCTAssertEqual(accounts.active?.id, TwoServers.bob.id)
            XCTAssertEqual(servers.file.load()?.active, TwoServers.bob.id, "the active account is kept")
            let homeBefore = servers.homeTransport.requests.count
            runUntilDone("bob") {
                await accounts.services.session.start()
                _ = try? await accounts.services.client.send(Endpoints.me())
            }
            XCTAssertEqual(accounts.services.session.user?.login, "bob")
            XCTAssertEqual(servers.homeTransport.requests.count, homeBefore, "nothing more goes to the old server")
            XCTAssertFalse(servers.workTransport.requests.isEmpty)
            for request in servers.workTransport.requests {
                XCTAssertTrue(request.url.hasPrefix(TwoServers.work + "/"), request.url)
                XCTAssertEqual(request.header("Authorization"), "Bearer bob-token")
            }
            for request in servers.homeTransport.requests {
                XCTAssertTrue(request.url.hasPrefix(TwoServers.home + "/"), request.url)
                XCTAssertNotEqual(request.header("Authorization"), "Bearer bob-token")
            }
        }
    }

    func testEachAccountSeesOnlyItsOwnSavedRows() throws {
        try onMain {
            let servers = try TwoServers()
            servers.offline.account = { .login(TwoServers.alice.storeOwner) }
            servers.offline.save(["alice's"], key: "list:mine/starred")
            servers.offline.account = { .login(TwoServers.bob.storeOwner) }
            XCTAssertNil(servers.offline.loadBlocking([String].self, key: "list:mine/starred"))
            servers.offline.save(["bob's"], key: "list:mine/starred")
            runUntilDone("flush") { await servers.offline.flush() }
            XCTAssertEqual(servers.offline.loadBlocking([String].self, key: "list:mine/starred")?.value, ["bob's"])
            servers.offline.account = { .login(TwoServers.alice.storeOwner) }
            XCTAssertEqual(servers.offline.loadBlocking([String].self, key: "list:mine/starred")?.value, ["alice's"],
                           "bob's save did not replace alice's row")
            // Public rows of another server stay that server's.
            servers.offline.account = { .anonymous }
            servers.offline.publicKeyPrefix = OfflineStore.publicKeyPrefix(forServer: TwoServers.work)
            servers.offline.save(["work"], key: "explore/latest")
            runUntilDone("flush") { await servers.offline.flush() }
            servers.offline.publicKeyPrefix = OfflineStore.publicKeyPrefix(forServer: TwoServers.home)
            XCTAssertNil(servers.offline.loadBlocking([String].self, key: "explore/latest"))
        }
    }

    func testRemovingAnAccountWipesOnlyItsData() throws {
        try onMain {
            let servers = try TwoServers()
            servers.storeLogin(TwoServers.alice, token: "alice-token")
            servers.storeLogin(TwoServers.bob, token: "bob-token")
            let data = servers.folder.appendingPathComponent("data")
            for account in [TwoServers.alice, TwoServers.bob] {
                servers.offline.account = { .login(account.storeOwner) }
                servers.offline.save([account.login], key: "list:mine/starred")
                let drafts = AccountUpgrade.draftsDirectory(of: account, in: data)
                try PrivateFiles.write(Data("{}".utf8), to: drafts.appendingPathComponent("draft.json"))
            }
            let accounts = Accounts(list: AccountList(accounts: [TwoServers.alice, TwoServers.bob],
                                                      active: TwoServers.bob.id),
                                    file: servers.file, factory: servers.factory, server: TwoServers.work)
            runUntilDone("remove") {
                await accounts.remove(TwoServers.bob.id)
                await servers.offline.flush()
            }
            XCTAssertEqual(accounts.list.accounts.map(\.id), [TwoServers.alice.id])
            XCTAssertEqual(accounts.active?.id, TwoServers.alice.id, "the next account takes over")
            XCTAssertEqual(accounts.services.server, TwoServers.home)
            XCTAssertEqual(servers.file.load()?.accounts.map(\.id), [TwoServers.alice.id])
            XCTAssertNil(servers.keyring.secrets[CredentialKey(server: TwoServers.work, kind: .account, login: "bob")])
            XCTAssertNotNil(servers.keyring.secrets[CredentialKey(server: TwoServers.home, kind: .account, login: "alice")])
            XCTAssertFalse(FileManager.default.fileExists(
                atPath: AccountUpgrade.accountDirectory(of: TwoServers.bob, in: data).path))
            XCTAssertTrue(FileManager.default.fileExists(
                atPath: AccountUpgrade.draftsDirectory(of: TwoServers.alice, in: data).appendingPathComponent("draft.json").path))
            servers.offline.account = { .login(TwoServers.bob.storeOwner) }
            XCTAssertNil(servers.offline.loadBlocking([String].self, key: "list:mine/starred"))
            servers.offline.account = { .login(TwoServers.alice.storeOwner) }
            XCTAssertEqual(servers.offline.loadBlocking([String].self, key: "list:mine/starred")?.value, ["alice"])
        }
    }

    func testAddingAnAccountOnAnotherServerLogsInThereAndMakesItActive() throws {
        try onMain {
            let servers = try TwoServers()
            servers.storeLogin(TwoServers.alice, token: "alice-token")
            let accounts = Accounts(list: AccountList(accounts: [TwoServers.alice], active: TwoServers.alice.id),
                                    file: servers.file, factory: servers.factory, server: TwoServers.home)
            let form = AddAccountViewModel(accounts: accounts)
            form.setServer("http://git.example.org")
            XCTAssertNotNil(form.serverProblem, "a token never goes to a plain-http server on the network")
            form.setServer(TwoServers.work)
            form.setToken("bob-token")
            XCTAssertTrue(form.canSubmit)
            runUntilDone("add") { await form.add() }
            XCTAssertTrue(form.isDone, form.errorMessage ?? "")
            XCTAssertEqual(accounts.list.accounts.map(\.id), [TwoServers.alice.id, TwoServers.bob.id])
            XCTAssertEqual(accounts.active?.id, TwoServers.bob.id)
            runUntilDone("keyring") { await accounts.services.session.vault.settle() }
            XCTAssertNotNil(servers.keyring.secrets[CredentialKey(server: TwoServers.work, kind: .account, login: "bob")])
            XCTAssertTrue(servers.homeTransport.requests.allSatisfy { $0.header("Authorization") != "Bearer bob-token" })
            XCTAssertEqual(accounts.services.drafts.directory,
                           AccountUpgrade.draftsDirectory(of: TwoServers.bob, in: servers.folder.appendingPathComponent("data")),
                           "the new account's drafts are its own, not the logged-out folder")
        }
    }

    func testMAYUNTokenIsAnAccountForThisRunOnly() throws {
        try onMain {
            let servers = try TwoServers()
            let accounts = Accounts(list: AccountList(), file: servers.file, factory: servers.factory,
                                    server: TwoServers.home, environmentToken: "env-token")
            runUntilDone("login named") { await accounts.services.session.start() }
            waitUntil("the account is named") { accounts.environmentAccount != nil }
            XCTAssertEqual(accounts.active?.login, "alice")
            XCTAssertTrue(accounts.switcherRows.first?.isFromEnvironment == true)
            XCTAssertTrue(servers.keyring.secrets.isEmpty, "MAYUN_TOKEN is never stored")
            XCTAssertEqual(servers.file.load()?.accounts ?? [], [])
        }
    }

    /// A `MAYUN_TOKEN` session gets an outbox once the server names its login: its own file (never an account's),
    /// another login's token another file, and the same token in a later run the same file.
    func testAMAYUNTokenLoginHasAnOutboxOfItsOwn() throws {
        try onMain {
            let servers = try TwoServers()
            @MainActor func tokenRun(_ token: String) -> Accounts {
                let accounts = Accounts(list: AccountList(), file: servers.file, factory: servers.factory,
                                        server: TwoServers.home, environmentToken: token)
                XCTAssertNil(accounts.services.outbox, "none before the server names the login")
                runUntilDone("login named") { await accounts.services.session.start() }
                waitUntil("the account is named") { accounts.environmentAccount != nil }
                return accounts
            }
            let alices = try XCTUnwrap(tokenRun("alice-token").services.outbox)
            let aliceFile = try XCTUnwrap(alices.fileURL)
            XCTAssertTrue(aliceFile.path.contains("/outbox-environment-token/"), aliceFile.path)
            XCTAssertNotEqual(aliceFile, Outbox.file(inAccountFolder: AccountUpgrade.accountDirectory(
                of: Account(server: TwoServers.home, login: "alice", name: "Alice"), in: servers.factory.dataDirectory)))
            alices.isDraining = true  // kept, not sent: the test reads it back
            alices.enqueue(.star, repo: RepositoryID(owner: "o", name: "r"), number: "", payload: "on", seen: "off")
            XCTAssertEqual(Outbox(file: aliceFile).entries.map(\.kind), [.star], "on disk")

            servers.homeTransport.on("GET", "/api/v5/user", SessionFixtures.user(login: "carol", name: "Carol"))
            let carols = try XCTUnwrap(tokenRun("carol-token").services.outbox)
            XCTAssertNotEqual(carols.fileURL, aliceFile)
            XCTAssertTrue(carols.entries.isEmpty, "Carol's token sees nothing of Alice's")

            servers.homeTransport.on("GET", "/api/v5/user", SessionFixtures.user(login: "alice", name: "Alice"))
            let again = try XCTUnwrap(tokenRun("alice-token").services.outbox)
            XCTAssertEqual(again.fileURL, aliceFile, "the same token in a later run finds what waited")
        }
    }

    /// Found writing the fuzz target `stored`: the hex of a 200-character login was past a file name's 255 bytes, so that
    /// account's drafts could never be written.
    func testALongLoginStillGetsAFolderForItsDrafts() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-long-login-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let long = Account(server: "https://gitee.com", login: String(repeating: "a", count: 200))
        let other = Account(server: "https://gitee.com", login: String(repeating: "a", count: 199) + "b")
        XCTAssertLessThanOrEqual(long.folderName.utf8.count, 255)
        XCTAssertNotEqual(long.folderName, other.folderName, "two long logins with one start keep two folders")
        XCTAssertEqual(Account(server: "https://gitee.com", login: "alice").folderName,
                       Array("https://gitee.com\nalice".utf8).map { String(format: "%02x", $0) }.joined(),
                       "short logins keep the folder they always had")
        let drafts = data.appendingPathComponent("accounts").appendingPathComponent(long.folderName)
            .appendingPathComponent("drafts")
        try PrivateFiles.write(Data("{}".utf8), to: drafts.appendingPathComponent("draft.json"))
    }
}
