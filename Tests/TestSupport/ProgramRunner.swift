import Foundation

/// Runs a program to its end and returns its exit status and what it printed (stdout and stderr together).
/// `folder`: its working directory (default: the test's).
@discardableResult
public func runProgram(_ path: String, _ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}
