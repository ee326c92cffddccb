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

        // Swift's global executor on GLib threads (GLibRuntime/GlobalExecutor.swift says why).
        .target(name: "CGlobalExecutor", dependencies: ["CSoup"]),
        .target(name: "GLibRuntime", dependencies: ["CSoup", "CGlobalExecutor"]),
        .target(name: "GiteeKit", dependencies: ["CSoup", "GLibRuntime"]),
        .target(name: "MayunCore", dependencies: [
            "GiteeKit", "GLibRuntime", "CMark", "CSoup", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .target(name: "MayunUI", dependencies: ["MayunCore", "GiteeKit", "GLibRuntime", "CGtk", "CSoup"]),
        .executableTarget(name: "mayun", dependencies: [
            "MayunUI", "MayunCore", "GiteeKit", "GLibRuntime", "MayunBenchProbes",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "mayun-bench", dependencies: ["MayunUI", "MayunCore", "GLibRuntime", "CGtk", "CMark",
                                                                 "FakeGitee"]),
        // make bench's probes inside the app (start-up, first rows, scroll); `mayun` installs them only when a
        // MAYUN_BENCH_ variable is set, through MayunUI's one BenchmarkHook.
        .target(name: "MayunBenchProbes", dependencies: ["MayunUI", "MayunCore", "GLibRuntime", "CGtk"]),
        .target(name: "FakeGitee", dependencies: ["CSoup", "GLibRuntime", "GiteeKit"]),
        .executableTarget(name: "fake-gitee", dependencies: [
            "FakeGitee", "GLibRuntime",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // What the test targets share (onMain, waitUntil, StubTransport, a FakeGitee per test class); each test
        // target re-exports it from one file, so its tests use it without an import.
        .target(name: "TestSupport", dependencies: ["GiteeKit", "FakeGitee", "GLibRuntime", "CSoup"],
                path: "Tests/TestSupport"),
        .testTarget(name: "GLibRuntimeTests", dependencies: ["GLibRuntime", "CSoup", "TestSupport"]),
        .testTarget(name: "MayunCoreTests", dependencies: ["MayunCore", "GiteeKit", "GLibRuntime", "CSoup", "FakeGitee",
                                                           "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "GiteeKitTests", dependencies: ["GiteeKit", "FakeGitee", "GLibRuntime", "CSoup", "TestSupport"]),
        .testTarget(name: "MayunUITests", dependencies: ["MayunUI", "MayunCore", "GiteeKit", "GLibRuntime", "CGtk",
                                                          "FakeGitee", "TestSupport"]),
    ]
)
