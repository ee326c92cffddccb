import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The session: logging in both ways, what is (and is not) stored, logout, silent refresh, restore at start.
final class SessionTests: XCTestCase {
    typealias F = SessionFixtures

    func testPasswordLoginStoresTheTokenAndFetchesTheUser() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("POST", "/oauth/token", F.token("access-1"))
            transport.on("GET", "/api/v5/user", F.user())
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: transport, store: store, environment: F.oauthEnvironment)
            runUntilDone("password login") {
                do { try await session.logIn(email: "demo@mayun.test", password: "pw") } catch { XCTFail("\(error)") }
                await session.vault.settle()
            }
            XCTAssertTrue(session.isLoggedIn)
            XCTAssertEqual(session.user, SessionUser(login: "mayun-demo", name: "Mayun Demo",
                                                     avatarURL: "\(F.server)/__fake/avatar/mayun-demo.png", id: 7))
            let fields = transport.requests(to: "/oauth/token").first.map(transport.formFields) ?? [:]
            XCTAssertEqual(fields["grant_type"], "password")
            XCTAssertEqual(fields["username"], "demo@mayun.test")
            XCTAssertEqual(fields["client_id"], "mayun-test-client")
            XCTAssertEqual(fields["client_secret"], "s3cret")
            XCTAssertEqual(transport.requests(to: "/api/v5/user").last?.header("Authorization"), "Bearer access-1")
            let stored = storedLogin(store)
            XCTAssertEqual(stored?.kind, .oauth)
            XCTAssertEqual(stored?.accessToken, "access-1")
            XCTAssertEqual(stored?.refreshToken, "refresh-1")
            XCTAssertEqual(stored?.user?.login, "mayun-demo")
            XCTAssertTrue(session.keyringAvailable)
            XCTAssertNil(session.storageNotice)
        }
    }

    /// A wrong password is OAuth's `invalid_grant`, kept as such (the login page words it), and nothing is stored.
    func testWrongPasswordIsInvalidGrantAndNothingIsStored() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("POST", "/oauth/token", F.invalidGrant)
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: transport, store: store, environment: F.oauthEnvironment)
            var thrown: GiteeError?
            runUntilDone("failed login") {
                do { try await session.logIn(email: "demo@mayun.test", password: "wrong") } catch { thrown = error as? GiteeError }
                await session.vault.settle()
            }
            guard case .oauth(let failure)? = thrown, failure.reason == .invalidGrant else {
                return XCTFail("expected invalid_grant, got \(String(describing: thrown))")
            }
            XCTAssertFalse(session.isLoggedIn)
            XCTAssertNil(session.user)
            XCTAssertEqual(store.writeCount, 0)
        }
    }

    func testPasswordLoginNeedsAnOAuthApplication() {
        onMain {
            let transport = ScriptedTransport()
            let session = makeSession(transport: transport, store: InMemoryCredentialStore())
            var thrown: GiteeError?
            runUntilDone("login without application") {
                do { try await session.logIn(email: "a@b.c", password: "pw") } catch { thrown = error as? GiteeError }
            }
            guard case .validation? = thrown else { return XCTFail("expected validation, got \(String(describing: thrown))") }
            XCTAssertTrue(transport.requests.isEmpty, "nothing is sent without an application")
        }
    }

    func testPersonalTokenLogin() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user(login: "kit", name: "Kit"))
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: transport, store: store)
            runUntilDone("token login") {
                do { try await session.logIn(personalToken: "  pat-123 ") } catch { XCTFail("\(error)") }
                await session.vault.settle()
            }
            XCTAssertTrue(session.isLoggedIn)
            XCTAssertEqual(session.user?.name, "Kit")
            XCTAssertEqual(transport.requests.last?.header("Authorization"), "Bearer pat-123", "spaces from a sloppy paste are dropped")
            XCTAssertEqual(storedLogin(store, login: "kit")?.kind, .personalToken, "kept under the login's own item")
            XCTAssertNil(storedLogin(store, login: "kit")?.refreshToken)
        }
    }

    func testRejectedPersonalTokenLeavesTheSessionLoggedOut() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.unauthorized)
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: transport, store: store)
            var thrown: GiteeError?
            runUntilDone("bad token") {
                do { try await session.logIn(personalToken: "revoked") } catch { thrown = error as? GiteeError }
                await session.vault.settle()
            }
            guard case .unauthorized? = thrown else { return XCTFail("expected unauthorized, got \(String(describing: thrown))") }
            XCTAssertFalse(session.isLoggedIn)
            XCTAssertFalse(session.client.auth.isLoggedIn)
            XCTAssertEqual(store.writeCount, 0)
        }
    }

    func testEnvironmentTokenIsUsedButNeverStored() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user())
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: transport, store: store, environment: ["MAYUN_TOKEN": "env-token"])
            runUntilDone("start") {
                await session.start()
                await session.vault.settle()
            }
            XCTAssertTrue(session.isLoggedIn)
            XCTAssertTrue(session.usesEnvironmentToken)
            XCTAssertEqual(session.user?.login, "mayun-demo")
            XCTAssertEqual(transport.requests.last?.header("Authorization"), "Bearer env-token")
            XCTAssertEqual(store.writeCount, 0, "MAYUN_TOKEN never reaches the keyring")
            XCTAssertNotNil(session.storageNotice, "the person is told the token is not stored")

            session.logOut()
            runUntilDone("settle") { await session.vault.settle() }
            XCTAssertFalse(session.isLoggedIn)
            XCTAssertEqual(store.writeCount, 0, "logging out of an environment token leaves the keyring alone")
        }
    }

    func testStoredLoginIsRestoredAtStart() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user(name: "Renamed"))
            let saved = StoredLogin(credential: .oauth(Token(accessToken: "saved", refreshToken: "r", expiresIn: 86_400,
                                                             createdAt: Int(Date().timeIntervalSince1970))),
                                    user: SessionUser(login: "mayun-demo", name: "Mayun Demo"))
            let store = InMemoryCredentialStore(secrets: [F.loginKey(): saved.encoded()])
            let session = makeSession(transport: transport, store: store)
            XCTAssertTrue(session.isRestoring)
            runUntilDone("start") {
                await session.start()
                await session.vault.settle()
            }
            XCTAssertFalse(session.isRestoring)
            XCTAssertTrue(session.isLoggedIn)
            XCTAssertEqual(transport.requests.last?.header("Authorization"), "Bearer saved")
            XCTAssertEqual(session.user?.name, "Renamed", "the profile is re-read after the restore")
            XCTAssertEqual(storedLogin(store)?.user?.name, "Renamed")
            XCTAssertEqual(storedLogin(store)?.accessToken, "saved")
        }
    }

    func testRestoreWhileOfflineKeepsTheStoredName() {
        onMain {
            let transport = ScriptedTransport()
            transport.networkFailure = .offline
            let saved = StoredLogin(credential: .personalToken("pat"), user: SessionUser(login: "kit", name: "Kit"))
            let store = InMemoryCredentialStore(secrets: [F.loginKey(): saved.encoded()])
            let session = makeSession(transport: transport, store: store)
            runUntilDone("start") { await session.start() }
            XCTAssertTrue(session.isLoggedIn)
            XCTAssertEqual(session.user?.name, "Kit")
        }
    }

    func testLoginsOfAnotherServerAreNotUsed() {
        onMain {
            let transport = ScriptedTransport()
            let saved = StoredLogin(credential: .personalToken("gitee-token"), user: nil)
            let store = InMemoryCredentialStore(secrets: [F.loginKey("https://gitee.com"): saved.encoded()])
            let session = makeSession(transport: transport, store: store)
            runUntilDone("start") { await session.start() }
            XCTAssertFalse(session.isLoggedIn)
            XCTAssertTrue(transport.requests.isEmpty)
        }
    }

    func testLogOutClearsTheStoredLogin() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user())
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: transport, store: store)
            runUntilDone("login") {
                try? await session.logIn(personalToken: "pat")
                await session.vault.settle()
            }
            XCTAssertNotNil(storedLogin(store))
            session.logOut()
            runUntilDone("settle") { await session.vault.settle() }
            XCTAssertFalse(session.isLoggedIn)
            XCTAssertNil(session.user)
            XCTAssertNil(store.secrets[F.loginKey()], "log out removes the token from the keyring")
            XCTAssertFalse(session.client.auth.isLoggedIn)
        }
    }

    func testSilentRefreshUpdatesTheStoredToken() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("POST", "/oauth/token", F.token("access-1", refresh: "refresh-1"),
                         F.token("access-2", refresh: "refresh-2"))
            transport.on("GET", "/api/v5/user", F.user(), F.unauthorized, F.user())
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: transport, store: store, environment: F.oauthEnvironment)
            runUntilDone("login") {
                try? await session.logIn(email: "demo@mayun.test", password: "pw")
                await session.vault.settle()
            }
            XCTAssertEqual(storedLogin(store)?.accessToken, "access-1")
            // The token expired on the server: the next call gets 401, GiteeKit refreshes and retries.
            runUntilDone("a call after expiry") {
                _ = try? await session.client.send(Endpoints.me())
                await session.vault.settle()
            }
            // Gitee's documented refresh: the grant in the query, the registered application in the body.
            let request = transport.requests(to: "/oauth/token").last
            let query = Self.queryFields(request)
            let form = request.map(transport.formFields) ?? [:]
            XCTAssertEqual(query["grant_type"], "refresh_token")
            XCTAssertEqual(query["refresh_token"], "refresh-1")
            XCTAssertEqual(form["client_id"], "mayun-test-client")
            XCTAssertEqual(form["client_secret"], "s3cret")
            XCTAssertEqual(storedLogin(store)?.accessToken, "access-2")
            XCTAssertEqual(storedLogin(store)?.refreshToken, "refresh-2")
            XCTAssertEqual(storedLogin(store)?.user?.login, "mayun-demo", "the name survives the refresh")
            XCTAssertTrue(session.isLoggedIn)
        }
    }

    /// After a restart the OAuth application comes from the keyring, after the login: the refresh still names it.
    func testRefreshAfterRestoreNamesTheStoredApplication() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.unauthorized, F.user())
            transport.on("POST", "/oauth/token", F.token("access-2", refresh: "refresh-2"))
            let saved = StoredLogin(credential: .oauth(Token(accessToken: "saved", refreshToken: "r", expiresIn: 86_400,
                                                             createdAt: Int(Date().timeIntervalSince1970))),
                                    user: SessionUser(login: "mayun-demo", name: "Mayun Demo"))
            let store = InMemoryCredentialStore(secrets: [
                F.loginKey(): saved.encoded(),
                CredentialKey(server: F.server, kind: .oauthClientID): "stored-app",
                CredentialKey(server: F.server, kind: .oauthClientSecret): "stored-secret",
            ])
            let session = makeSession(transport: transport, store: store)
            runUntilDone("start, then a refresh") {
                await session.start()
                await session.vault.settle()
            }
            let request = transport.requests(to: "/oauth/token").last
            XCTAssertEqual(Self.queryFields(request)["refresh_token"], "r")
            let form = request.map(transport.formFields) ?? [:]
            XCTAssertEqual(form["client_id"], "stored-app")
            XCTAssertEqual(form["client_secret"], "stored-secret")
            XCTAssertTrue(session.isLoggedIn)
            XCTAssertEqual(storedLogin(store)?.accessToken, "access-2")
            // Settings changing the application changes what the next refresh names.
            session.oauth.save(id: "new-app", secret: "new-secret")
            XCTAssertEqual(session.client.oauthClient?.id, "new-app")
        }
    }

    private static func queryFields(_ request: HTTPRequest?) -> [String: String] {
        let items = request.flatMap { URLComponents(string: $0.url)?.queryItems } ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }

    func testRefreshTokenThatStoppedWorkingLogsOut() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("POST", "/oauth/token", F.token("access-1"), F.invalidGrant)
            transport.on("GET", "/api/v5/user", F.user(), F.unauthorized)
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: transport, store: store, environment: F.oauthEnvironment)
            runUntilDone("login") {
                try? await session.logIn(email: "demo@mayun.test", password: "pw")
                await session.vault.settle()
            }
            runUntilDone("a call after the refresh token died") {
                _ = try? await session.client.send(Endpoints.me())
                await session.vault.settle()
            }
            XCTAssertFalse(session.isLoggedIn)
            XCTAssertNil(session.user)
            XCTAssertNil(store.secrets[F.loginKey()])
        }
    }

    func testWithoutAKeyringTheLoginLastsInMemoryAndTheAppSaysSo() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user())
            let store = InMemoryCredentialStore()
            store.failure = .unavailable("The name org.freedesktop.secrets was not provided by any .service files")
            let session = makeSession(transport: transport, store: store)
            runUntilDone("start and login") {
                await session.start()
                try? await session.logIn(personalToken: "pat")
                await session.vault.settle()
            }
            XCTAssertTrue(session.isLoggedIn)
            XCTAssertFalse(session.keyringAvailable)
            XCTAssertEqual(session.storageNotice, tr("No keyring is available, so your login is kept only until Mayun quits."))
            XCTAssertTrue(store.secrets.isEmpty)

            let noStore = makeSession(transport: transport, store: nil)
            XCTAssertFalse(noStore.keyringAvailable)
        }
    }

    func testStoredLoginFormatRoundTrips() {
        let token = Token(accessToken: "a", tokenType: "bearer", refreshToken: "r", scope: "user_info", expiresIn: 60,
                          createdAt: 1_700_000_000)
        let stored = StoredLogin(credential: .oauth(token), user: SessionUser(login: "l", name: "N", avatarURL: nil))
        XCTAssertEqual(StoredLogin.decode(stored.encoded()), stored)
        XCTAssertEqual(StoredLogin.decode(stored.encoded())?.credential, .oauth(token))
        XCTAssertNil(StoredLogin.decode("not json"))
        XCTAssertNil(StoredLogin.decode(#"{"kind":"oauth","accessToken":""}"#))
    }
}
