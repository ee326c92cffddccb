import Foundation
import GiteeKit
import MayunCore

/// The long-lived services of a real run: the libsoup client with its HTTP cache, the SQLite offline store, the
/// keyring-backed session and the drafts folder, all under the XDG folders of `environment`. Called by the
/// application at startup (after GTK is up), so nothing here delays the command line.
@MainActor
func makeServices(for environment: AppEnvironment) -> AppServices {
    let configuration = GiteeConfiguration(
        server: environment.server.absoluteString, appVersion: AppVersion.current,
        cacheDirectory: environment.cacheDirectory.appendingPathComponent("http").path)
    let store: OfflineStore?
    do {
        // Opened on a background thread: the first frame does not wait for SQLite; the first saved list read does.
        store = try OfflineStore(directory: environment.cacheDirectory, openInBackground: true)
        StartupSteps.mark("offline-store-open")
    } catch {
        FileHandle.standardError.write(Data("mayun: offline store unavailable (\(error)); running without it\n".utf8))
        store = nil
    }
    let client = GiteeClient(configuration: configuration)
    StartupSteps.mark("http-client")
    // Logins are kept in the desktop keyring (libsecret); the session says so when it cannot reach one.
    let session = Session(client: client, store: KeyringCredentialStore(),
                          environment: EnvironmentToken.sessionEnvironment(token: environment.token))
    Task {
        await session.start()
        StartupSteps.mark("login-restored")
    }
    let drafts = DraftStore(directory: environment.dataDirectory.appendingPathComponent("drafts"))
    return AppServices(cached: CachedClient(client: client, store: store), session: session, drafts: drafts)
}
