import GtkKit
import Foundation

/// Where the app's data files are: installed under `<prefix>/share` beside the binary, or in the source tree when
/// running uninstalled from `.build/` (the catalogs and compiled schema are produced there by `make build`).
package struct AppResources: Sendable {
    let themesDirectory: URL
    package let catalogDirectory: URL?
    /// The folder with `gschemas.compiled` holding `io.gitee.Mayun`, when one exists.
    package let schemaDirectory: URL?

    package static func locate(
        executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
        dataDirectory: String? = nil
    ) -> AppResources {
        let files = FileManager.default
        func existing(_ url: URL) -> URL? { files.fileExists(atPath: url.path) ? url : nil }

        if let override = dataDirectory, !override.isEmpty {
            let base = URL(fileURLWithPath: override)
            return AppResources(
                themesDirectory: base.appendingPathComponent("themes"),
                catalogDirectory: existing(base.appendingPathComponent("locale")),
                schemaDirectory: existing(base.appendingPathComponent("schemas")))
        }
        let share = executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share")
        if let themes = existing(share.appendingPathComponent("mayun/themes")) {
            return AppResources(
                themesDirectory: themes,
                catalogDirectory: existing(share.appendingPathComponent("locale")),
                schemaDirectory: existing(share.appendingPathComponent("glib-2.0/schemas/gschemas.compiled"))
                    .map { $0.deletingLastPathComponent() })
        }
        // Uninstalled: this file sits at <repo>/Sources/MayunShell/App/AppResources.swift.
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let generated = repository.appendingPathComponent(".build/mayun-data")
        return AppResources(
            themesDirectory: repository.appendingPathComponent("data/themes"),
            catalogDirectory: existing(generated.appendingPathComponent("locale")),
            schemaDirectory: existing(generated.appendingPathComponent("schemas/gschemas.compiled"))
                .map { $0.deletingLastPathComponent() })
    }
}
