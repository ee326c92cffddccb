import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The login form's logic, the pending "after login" action, Mine, and the OAuth application settings.
final class SessionLoginViewModelTests: XCTestCase {
    typealias F = SessionFixtures

    func testLogInIsPossibleOnlyWithTextInTheFields() {
        onMain {
            let session = makeSession(transport: ScriptedTransport(), store: nil, environment: F.oauthEnvironment)
            let form = LoginViewModel(session: session)
            XCTAssertEqual(form.method, .password)
            XCTAssertFalse(form.canSubmit)
            form.setEmail("demo@mayun.test")
            XCTAssertFalse(form.canSubmit, "a password is needed too")
            form.setPassword("pw")
            XCTAssertTrue(form.canSubmit)
            form.setEmail("   ")
            XCTAssertFalse(form.canSubmit, "spaces are not an email")
            form.select(.token)
            XCTAssertFalse(form.canSubmit)
            form.setToken("pat")
            XCTAssertTrue(form.canSubmit)
        }
    }

    func testWithoutAnOAuthApplicationTheFormExplainsWhereToSetItUp() {
        onMain {
            let session = makeSession(transport: ScriptedTransport(), store: nil)
            var openedSettings = 0
            let form = LoginViewModel(session: session, onOpenSettings: { openedSettings += 1 })
            form.setEmail("demo@mayun.test")
            form.setPassword("pw")
            XCTAssertFalse(form.isPasswordLoginConfigured)
            XCTAssertFalse(form.canSubmit)
            XCTAssertNotNil(form.oauthGuidance)
            XCTAssertEqual(form.oauthApplicationsURL, "\(F.server)/oauth/applications")
            form.openSettings()
            XCTAssertEqual(openedSettings, 1)
            form.select(.token)
            XCTAssertNil(form.oauthGuidance, "the token way needs no application")
        }
    }

    func testWrongPasswordShowsTheMessageAndKeepsWhatWasTyped() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("POST", "/oauth/token", F.invalidGrant)
            let session = makeSession(transport: transport, store: InMemoryCredentialStore(), environment: F.oauthEnvironment)
            var loggedIn = 0
            let form = LoginViewModel(session: session, onLoggedIn: { loggedIn += 1 })
            form.setEmail("demo@mayun.test")
            form.setPassword("not-it")
            runUntilDone("submit") { await form.logIn() }
            XCTAssertEqual(form.errorMessage, "The email or password is wrong.")
            XCTAssertEqual(form.email, "demo@mayun.test")
            XCTAssertEqual(form.password, "not-it")
            XCTAssertFalse(form.isSubmitting)
            XCTAssertTrue(form.canSubmit, "the person can correct and try again")
            XCTAssertEqual(loggedIn, 0)
        }
    }

    func testNetworkFailureShowsTheTranslatedNetworkMessage() {
        onMain {
            let transport = ScriptedTransport()
            transport.networkFailure = .unreachable("connection refused")
            let session = makeSession(transport: transport, store: nil, environment: F.oauthEnvironment)
            let form = LoginViewModel(session: session)
            form.setEmail("demo@mayun.test")
            form.setPassword("pw")
            runUntilDone("submit") { await form.logIn() }
            XCTAssertEqual(form.errorMessage, ErrorText.message(for: .unreachable("connection refused")))
            XCTAssertEqual(form.password, "pw")
        }
    }

    func testSuccessfulLoginCallsBackOnceAndClearsOnlyThePassword() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("POST", "/oauth/token", F.token("access-1"))
            transport.on("GET", "/api/v5/user", F.user())
            let session = makeSession(transport: transport, store: nil, environment: F.oauthEnvironment)
            var loggedIn = 0
            let form = LoginViewModel(session: session, onLoggedIn: { loggedIn += 1 })
            form.setEmail("demo@mayun.test")
            form.setPassword("mayun-demo-password")
            form.submit()
            XCTAssertTrue(form.isSubmitting, "the button turns into a spinner at once")
            XCTAssertFalse(form.canSubmit, "no second submission while the first runs")
            waitUntil("login") { loggedIn == 1 }
            XCTAssertNil(form.errorMessage)
            XCTAssertEqual(form.email, "demo@mayun.test")
            XCTAssertEqual(form.password, "")
            XCTAssertTrue(session.isLoggedIn)
        }
    }

    func testRejectedTokenSaysSoAndKeepsTheToken() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.unauthorized)
            let session = makeSession(transport: transport, store: nil)
            let form = LoginViewModel(session: session)
            form.select(.token)
            form.setToken("revoked-token")
            runUntilDone("submit") { await form.logIn() }
            XCTAssertEqual(form.errorMessage, LoginViewModel.message(for: .unauthorized(nil), method: .token))
            XCTAssertEqual(form.token, "revoked-token")
        }
    }

    // MARK: After login

    func testPendingActionRunsOnceAfterLogin() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user())
            let session = makeSession(transport: transport, store: nil)
            var starred = 0
            session.afterLogin { starred += 1 }
            XCTAssertEqual(starred, 0, "waits for the login")
            XCTAssertTrue(session.hasPendingAction)
            runUntilDone("login") { try? await session.logIn(personalToken: "pat") }
            XCTAssertEqual(starred, 1)
            session.logOut()
            runUntilDone("login again") { try? await session.logIn(personalToken: "pat") }
            XCTAssertEqual(starred, 1, "the action ran once")
            session.afterLogin { starred += 1 }
            XCTAssertEqual(starred, 2, "already logged in: runs at once")
        }
    }

    func testPendingActionIsDroppedOnCancelOrFailure() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.unauthorized, F.user())
            let session = makeSession(transport: transport, store: nil)
            var starred = 0
            session.afterLogin { starred += 1 }
            runUntilDone("failed login") { try? await session.logIn(personalToken: "bad") }
            XCTAssertEqual(starred, 0)
            XCTAssertTrue(session.hasPendingAction, "a failed attempt keeps waiting: the person may try again")
            session.cancelPendingAction()
            runUntilDone("login") { try? await session.logIn(personalToken: "pat") }
            XCTAssertEqual(starred, 0, "a cancelled action never runs")
        }
    }

    func testClosingTheLoginPageDropsThePendingAction() {
        onMain {
            let session = makeSession(transport: ScriptedTransport(), store: nil)
            session.afterLogin {}
            var form: LoginViewModel? = LoginViewModel(session: session)
            XCTAssertTrue(session.hasPendingAction, "the action waits while the login page is open")
            withExtendedLifetime(form) {}
            form = nil
            XCTAssertFalse(session.hasPendingAction)
        }
    }

    // MARK: Mine

    func testMineShowsTheLoginFormThenWhoIsLoggedIn() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user())
            let session = makeSession(transport: transport, store: InMemoryCredentialStore())
            let mine = MineViewModel(session: session)
            runUntilDone("start") { await session.start() }
            XCTAssertFalse(mine.isRestoring)
            XCTAssertFalse(mine.isLoggedIn)
            mine.login.select(.token)
            mine.login.setToken("pat")
            runUntilDone("login") { await mine.login.logIn() }
            XCTAssertTrue(mine.isLoggedIn)
            XCTAssertEqual(mine.greeting, "Logged in as Mayun Demo")
            XCTAssertEqual(mine.loginName, "@mayun-demo")
            XCTAssertEqual(mine.avatarURL?.absoluteString, "\(F.server)/__fake/avatar/mayun-demo.png")
            mine.logOut()
            XCTAssertFalse(mine.isLoggedIn)
        }
    }

    // MARK: OAuth application

    func testOAuthApplicationIsStoredAndUsedForPasswordLogin() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("POST", "/oauth/token", F.token("access-1"))
            transport.on("GET", "/api/v5/user", F.user())
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: transport, store: store)
            runUntilDone("start") { await session.start() }
            let settings = OAuthSettingsViewModel(session: session)
            XCTAssertTrue(settings.isEditable)
            XCTAssertFalse(settings.canSave)
            settings.setClientID(" my-app ")
            settings.setClientSecret("my-secret")
            XCTAssertTrue(settings.canSave)
            settings.save()
            runUntilDone("settle") { await session.vault.settle() }
            XCTAssertEqual(settings.status, "Saved.")
            XCTAssertEqual(store.secrets[CredentialKey(server: F.server, kind: .oauthClientID)], "my-app")
            XCTAssertEqual(store.secrets[CredentialKey(server: F.server, kind: .oauthClientSecret)], "my-secret")

            runUntilDone("login") { try? await session.logIn(email: "demo@mayun.test", password: "pw") }
            let fields = transport.requests(to: "/oauth/token").first.map(transport.formFields) ?? [:]
            XCTAssertEqual(fields["client_id"], "my-app")
            XCTAssertEqual(fields["client_secret"], "my-secret")

            // A new run reads the application back from the store.
            let next = makeSession(transport: transport, store: store)
            runUntilDone("restart") { await next.start() }
            XCTAssertEqual(next.oauth.client?.id, "my-app")
            XCTAssertEqual(OAuthSettingsViewModel(session: next).clientSecret, "my-secret")

            settings.setClientID("")
            settings.setClientSecret("")
            settings.save()
            runUntilDone("settle") { await session.vault.settle() }
            XCTAssertNil(session.oauth.client)
            XCTAssertNil(store.secrets[CredentialKey(server: F.server, kind: .oauthClientSecret)])
        }
    }

    func testOAuthApplicationFromTheEnvironmentIsNotEditable() {
        onMain {
            let store = InMemoryCredentialStore()
            let session = makeSession(transport: ScriptedTransport(), store: store, environment: F.oauthEnvironment)
            let settings = OAuthSettingsViewModel(session: session)
            XCTAssertFalse(settings.isEditable)
            XCTAssertNotNil(settings.environmentNotice)
            XCTAssertEqual(settings.clientID, "mayun-test-client")
            settings.setClientID("other")
            settings.save()
            XCTAssertEqual(session.oauth.client?.id, "mayun-test-client")
            XCTAssertEqual(store.writeCount, 0)
        }
    }
}
