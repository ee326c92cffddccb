import Foundation

/// The files of one project on one branch. Bodies are closures, so the 20 MB file costs nothing until downloaded.
struct RepositoryContent: Sendable {
    struct File: Sendable {
        let path: String
        let size: Int
        let sha: String
        let body: @Sendable () -> Data
        var name: String { String(path.split(separator: "/").last ?? "") }
    }

    let files: [File]
    /// Every folder path ("" is the root), for tree listings.
    let folders: Set<String>

    static let bigTextSize = 2 * 1024 * 1024
    static let hugeFileSize = 20 * 1024 * 1024

    static func make(project: FakeProject, ownerLogin: String, branch: String) -> RepositoryContent {
        guard !project.isEmpty else { return RepositoryContent(files: [], folders: [""]) }
        var random = SeededRandom(seed: UInt64(project.id), stableHash(branch))
        let seed = UInt64(project.id)
        let name = project.name
        var entries: [(String, @Sendable () -> Data)] = []
        func text(_ path: String, _ content: String) { entries.append((path, { Data(content.utf8) })) }
        func bytes(_ path: String, _ content: Data) { entries.append((path, { content })) }

        if project.isPrivate {
            text("README.md", "# Private notes\n\nOnly \(ownerLogin) may read this: \(WorldGenerator.privateReadmeMarker)\n")
        } else {
            text("README.md", ReadmeWriter.readme(project: project, ownerLogin: ownerLogin, branch: branch, random: &random))
        }
        text("LICENSE", "\(project.license ?? "MIT") License\n\nCopyright (c) 2026 \(ownerLogin)\n\nPermission is hereby granted, free of charge...\n")
        text("CHANGELOG.md", "# Changelog\n\n## 1.2.0\n- 新增暗色主题\n- Fixed pagination\n\n## 1.0.0\n- First release\n")
        text(".gitignore", "build/\n*.log\nnode_modules/\n")
        text("docs/guide.md", ReadmeWriter.guide(project: project))
        bytes("docs/images/logo.png", Images.logo(seed: seed))
        bytes("docs/images/logo-dark.png", Images.logo(seed: seed, dark: true))
        bytes("docs/images/screenshot.jpg", Images.jpeg)
        bytes("docs/images/demo.gif", Images.animatedGIF)
        text("docs/images/icon.svg", Images.iconSVG)
        text("docs/images/badge-build.svg", Images.badgeSVG(label: "build", value: "passing", colour: "#4c1"))
        text("docs/images/badge-license.svg", Images.badgeSVG(label: "license", value: project.license ?? "MIT", colour: "#007ec6"))
        let main = CodeSamples.mainFile(for: project.language)
        text("src/main/\(main.file)", CodeSamples.source(main.source, projectName: name))
        text("src/main/java/com/example/\(identifier(name))/service/impl/ProjectServiceImpl.java", deepJavaFile(name))
        for sample in CodeSamples.byExtension {
            text("examples/\(sample.language.lowercased().replacingOccurrences(of: "#", with: "sharp").replacingOccurrences(of: "+", with: "p"))/\(sample.file)",
                 CodeSamples.source(sample.source, projectName: name))
        }
        let binary = Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        bytes("assets/firmware.bin", binary)
        entries.append(("data/large-log.txt", { bigText(seed: seed) }))
        entries.append(("data/dataset-20mb.bin", { hugeFile(seed: seed) }))
        if branch != project.defaultBranch {
            text("BRANCH.md", "Work in progress on `\(branch)`.\n")
        }

        var files: [File] = []
        var folders: Set<String> = [""]
        for (path, body) in entries {
            let size: Int
            switch path {
            case "data/large-log.txt": size = bigTextSize
            case "data/dataset-20mb.bin": size = hugeFileSize
            default: size = body().count
            }
            files.append(File(path: path, size: size, sha: fakeSHA(seed, stableHash(branch), stableHash(path)), body: body))
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        return RepositoryContent(files: files.sorted { $0.path < $1.path }, folders: folders)
    }

    func file(at path: String) -> File? { files.first { $0.path == path } }

    /// Direct children of `folder` ("" for the root): folders first, then files, each alphabetical (as Gitee lists).
    func children(of folder: String) -> (folders: [String], files: [File]) {
        let prefix = folder.isEmpty ? "" : folder + "/"
        let childFolders = folders.filter { $0.hasPrefix(prefix) && !$0.isEmpty && $0 != folder
            && !$0.dropFirst(prefix.count).contains("/") }.sorted()
        let childFiles = files.filter { $0.path.hasPrefix(prefix) && !$0.path.dropFirst(prefix.count).contains("/") }
        return (childFolders, childFiles)
    }

    private static func identifier(_ name: String) -> String {
        let ident = name.lowercased().filter { $0.isLetter || $0.isNumber }
        return ident.isEmpty ? "app" : ident
    }

    private static func deepJavaFile(_ name: String) -> String {
        """
        package com.example.\(identifier(name)).service.impl;

        import java.util.Optional;

        /**
         * Deeply nested on purpose: the file tree must drill down several levels.
         */
        public class ProjectServiceImpl {
            public Optional<String> findName(long id) {
                return id > 0 ? Optional.of("\(name)") : Optional.empty();
            }
        }

        """
    }

    /// 2 MB of log lines (large but valid UTF-8 text).
    static func bigText(seed: UInt64) -> Data {
        var output = [UInt8]()
        output.reserveCapacity(bigTextSize)
        var line = 0
        while output.count < bigTextSize {
            line += 1
            let text = "2026-11-01T12:\(String(line / 60 % 60).leftPadded(to: 2)):\(String(line % 60).leftPadded(to: 2))+08:00 INFO  [worker-\(line % 8)] 请求处理完成 request #\(line) seed=\(seed % 1000) status=200\n"
            output.append(contentsOf: text.utf8)
        }
        // Cut at a line boundary so the text stays valid UTF-8 at exactly the announced size.
        while output.count > bigTextSize { output.removeLast() }
        if let lastNewline = output.lastIndex(of: 0x0A) {
            for index in (lastNewline + 1)..<output.count { output[index] = 0x2E }
        }
        return Data(output)
    }

    /// 20 MB of deterministic bytes (a repeated 64 KB block), made only when downloaded.
    static func hugeFile(seed: UInt64) -> Data {
        var random = SeededRandom(seed: seed, 20)
        let block = (0..<65_536).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        var data = Data(capacity: hugeFileSize)
        while data.count < hugeFileSize { data.append(contentsOf: block) }
        return data
    }
}
