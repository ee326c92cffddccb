// swift-tools-version:6.0
// libFuzzer targets for Mayun (docs/FUZZING.md). A package of its own so the app's `swift build` never compiles
// them: build with `make fuzz-build` (swift build --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address).
// Each executable's main.swift hands its test function to libFuzzer (FuzzSupport/FuzzDriver.swift).
import PackageDescription

let fuzzTargets = ["FuzzJSON", "FuzzLinks", "FuzzDiff", "FuzzHTTPErrors", "FuzzStored"]

/// The document engine's targets link it alone (MayunDocument: no view models, no widgets).
let documentTargets: [Target] = ["FuzzMarkdown", "FuzzHTML"].map { name in
    .executableTarget(name: name, dependencies: [
        "FuzzSupport",
        .product(name: "MayunDocument", package: "Mayun"),
        .product(name: "GiteeKit", package: "Mayun"),
    ])
}

/// The markup escaper's target checks its output with Pango itself (pango_parse_markup), through a module of its own.
let markupTargets: [Target] = [
    .systemLibrary(name: "CPango", pkgConfig: "pango"),
    .executableTarget(name: "FuzzMarkupEscape", dependencies: [
        "FuzzSupport", "CPango", .product(name: "MayunDocument", package: "Mayun"),
        .product(name: "GiteeKit", package: "Mayun"),
    ]),
]

let package = Package(
    name: "MayunFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Mayun", path: "..")],
    targets: [.target(name: "FuzzSupport")] + fuzzTargets.map { name in
        .executableTarget(name: name, dependencies: [
            "FuzzSupport",
            .product(name: "MayunCore", package: "Mayun"),
            .product(name: "MayunDocument", package: "Mayun"),
            .product(name: "GiteeKit", package: "Mayun"),
        ])
    } + documentTargets + markupTargets + [
        // The image target also drives the C decoders that scale while reading (Sources/CPngScale, CStillScale).
        .executableTarget(name: "FuzzImageHeader", dependencies: [
            "FuzzSupport",
            .product(name: "MayunCore", package: "Mayun"),
            .product(name: "GiteeKit", package: "Mayun"),
            .product(name: "CPngScale", package: "Mayun"),
            .product(name: "CStillScale", package: "Mayun"),
        ]),
    ]
)
