// swift-tools-version:6.0
// Mayun: a Gitee client for the Linux desktop. Targets and their layering rules are described in docs/ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "Mayun",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "mayun", targets: ["mayun"]),
        .executable(name: "fake-gitee", targets: ["fake-gitee"]),
        // For the fuzz package in Fuzz/ (a separate package so that `swift build` here never builds fuzzers).
        .library(name: "GiteeKit", targets: ["GiteeKit"]),
        .library(name: "MayunCore", targets: ["MayunCore"]),
        .library(name: "MayunDocument", targets: ["MayunDocument"]),
        // For the fuzz package (Fuzz/): the PNG decoder that scales while it reads a stranger's image.
        .library(name: "CPngScale", targets: ["CPngScale"]),
        // ... and the BMP and GIF decoders that do the same.
        .library(name: "CStillScale", targets: ["CStillScale"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // C libraries, found through pkg-config (one module may name several .pc files).
        .systemLibrary(name: "CSoup", pkgConfig: "gio-unix-2.0 libsoup-3.0 json-glib-1.0 libxml-2.0 libsecret-1"),
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4 gtksourceview-5 libadwaita-1"),
        .systemLibrary(name: "CMark", pkgConfig: "libcmark-gfm"),

        // The VERSION file, embedded at compile time (AppVersion in GiteeKit reads it: the User-Agent, --version, About).
        .target(name: "CAppVersion"),
        // BMP and GIF stills decoded straight to the size they are shown at (still_scale.h says why gdk-pixbuf's
        // loaders cannot), and the row averaging every scaling decoder shares (row_scaler.h). Optimised in debug
        // builds too: it averages every pixel of images up to 100 megapixels.
        .target(name: "CStillScale", cSettings: [.unsafeFlags(["-O2"])]),
        // PNGs decoded the same way with libpng (png_scale.h), optimised too.
        .target(name: "CPngScale", dependencies: ["CStillScale"], cSettings: [.unsafeFlags(["-O2"])],
                linkerSettings: [.linkedLibrary("png16")]),

        // Swift's global executor on GLib threads (GLibRuntime/GlobalExecutor.swift says why).
        .target(name: "CGlobalExecutor", dependencies: ["CSoup"]),
        .target(name: "GLibRuntime", dependencies: ["CSoup", "CGlobalExecutor"]),
        .target(name: "GiteeKit", dependencies: ["CSoup", "GLibRuntime", "CAppVersion"]),
        // The document engine: markdown (cmark-gfm, in a killable child process when long) and HTML (libxml2) to the
        // document model, with its limits and link rules; no view models, no widgets. The fuzzers of markdown and HTML
        // link it alone.
        .target(name: "MayunDocument", dependencies: ["GiteeKit", "GLibRuntime", "CMark", "CSoup"]),
        // The Coordinator, routes and one ViewModel per screen, with the rules they keep (writes, drafts, accounts,
        // the offline store's keys). No C module and no SQLite: what touches the machine sits in MayunPlatform, behind
        // the protocols declared here (PlatformSeamTests checks the imports).
        .target(name: "MayunCore", dependencies: ["MayunDocument", "GiteeKit", "GLibRuntime"]),
        // The machine under the ViewModels: SQLite (the offline store's and the outbox's files, through GRDB), the
        // keyring (libsecret), git clones and the desktop's apps (GSubprocess, GAppInfo), the downloads folder.
        .target(name: "MayunPlatform", dependencies: [
            "MayunCore", "GiteeKit", "GLibRuntime", "CSoup",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // The casts between GTK's pointer types and the few constructors over raw widget pointers that the kit and
        // the window shell share. Only those two import it (the pages cannot: they cannot import CGtk).
        .target(name: "GtkBasics", dependencies: ["CGtk", "GLibRuntime"]),
        // The typed widget kit: widgets, lists, documents, code, diffs, images, themes, links. It imports CGtk
        // `internal`ly and is built with library evolution, so CGtk is not a dependency of its clients' imports.
        .target(name: "GtkKit", dependencies: ["MayunCore", "MayunDocument", "GiteeKit", "GLibRuntime", "GtkBasics", "CGtk", "CSoup",
                                         "CPngScale", "CStillScale"],
                swiftSettings: [.unsafeFlags(["-enable-library-evolution", "-no-verify-emitted-module-interface", "-library-level", "ipi"])]),
        // The pages (one per screen) and PageFactory, built on GtkKit. CGtk and GtkBasics are aliased to modules that
        // do not exist, so `import CGtk` in a page is a compile error ("no such module 'CGtkIsForGtkKitOnly'").
        .target(name: "MayunUI", dependencies: ["GtkKit", "MayunCore", "MayunDocument", "GiteeKit", "GLibRuntime"],
                swiftSettings: [.unsafeFlags(["-module-alias", "CGtk=CGtkIsForGtkKitOnly",
                                              "-module-alias", "GtkBasics=GtkBasicsIsForTheKitAndShellOnly"])]),
        // The application and its window shell above the pages: MayunApplication, the main window with its
        // navigation and account switcher, Preferences, desktop notifications, the background portal.
        .target(name: "MayunShell", dependencies: ["MayunUI", "GtkKit", "GtkBasics", "MayunCore", "MayunDocument", "GiteeKit",
                                                   "GLibRuntime", "CGtk", "CSoup"]),
        .executableTarget(name: "mayun", dependencies: [
            "MayunShell", "MayunUI", "GtkKit", "MayunCore", "MayunPlatform", "MayunDocument", "GiteeKit", "GLibRuntime", "MayunBenchProbes",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "mayun-bench", dependencies: ["MayunUI", "GtkKit", "MayunCore", "MayunDocument", "GLibRuntime",
                                                                 "CGtk", "CMark",
                                                                 "FakeGitee"]),
        // make bench's probes inside the app (start-up, first rows, scroll); `mayun` installs them only when a
        // MAYUN_BENCH_ variable is set, through MayunUI's one BenchmarkHook.
        .target(name: "MayunBenchProbes", dependencies: ["MayunShell", "MayunUI", "GtkKit", "MayunCore", "GLibRuntime", "CGtk"]),
        .target(name: "FakeGitee", dependencies: ["CSoup", "GLibRuntime", "GiteeKit"]),
        .executableTarget(name: "fake-gitee", dependencies: [
            "FakeGitee", "GLibRuntime",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // What the test targets share (onMain, waitUntil, StubTransport, a FakeGitee per test class); each test
        // target re-exports it from one file, so its tests use it without an import.
        .target(name: "TestSupport", dependencies: ["GiteeKit", "MayunCore", "FakeGitee", "GLibRuntime", "CSoup"],
                path: "Tests/TestSupport"),
        .testTarget(name: "GLibRuntimeTests", dependencies: ["GLibRuntime", "CSoup", "TestSupport"]),
        .testTarget(name: "MayunCoreTests", dependencies: ["MayunCore", "MayunPlatform", "MayunDocument", "GiteeKit", "GLibRuntime", "CSoup", "FakeGitee",
                                                           "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "GiteeKitTests", dependencies: ["GiteeKit", "FakeGitee", "GLibRuntime", "CSoup", "TestSupport"]),
        // The widget tests' own helpers (a display, frames, the widget tree, rendering), shared by GtkKitTests and
        // MayunUITests; it re-exports TestSupport.
        .target(name: "WidgetTestSupport", dependencies: ["GtkKit", "GtkBasics", "MayunCore", "GiteeKit", "GLibRuntime", "CGtk",
                                                          "TestSupport"],
                path: "Tests/WidgetTestSupport"),
        // The widget kit alone: typed widgets, lists, documents, code, diffs, images (no page, no window shell).
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "GtkBasics", "MayunCore", "MayunDocument", "GiteeKit", "GLibRuntime",
                                                        "CGtk", "FakeGitee", "WidgetTestSupport"]),
        .testTarget(name: "MayunUITests", dependencies: ["MayunShell", "MayunUI", "GtkBasics", "GtkKit", "MayunCore", "MayunPlatform", "MayunDocument", "GiteeKit", "GLibRuntime", "CGtk",
                                                          "FakeGitee", "WidgetTestSupport"]),
    ]
)
