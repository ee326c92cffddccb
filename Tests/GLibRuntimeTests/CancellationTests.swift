import CSoup
import Foundation
import GLibRuntime
import XCTest

final class CancellationTests: XCTestCase {
    /// Cancelling the Swift task cancels the GCancellable handed to GIO, and a GIO call fails as "cancelled".
    func testTaskCancellationCancelsTheGCancellable() {
        onMain {
            let runner = MainLoopRunner()
            var outcome: String?
            let task = Task { @MainActor in
                await withTaskCancellable { cancellable in
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        connect(UnsafeMutableRawPointer(cancellable.pointer), "cancelled") { _ in
                            continuation.resume()
                            return nil
                        }
                    }
                    outcome = cancellable.isCancelled ? "cancelled" : "not cancelled"
                }
                runner.quit()
            }
            DispatchQueue.main.async { task.cancel() }
            runner.run(timeout: 10)
            XCTAssertEqual(outcome, "cancelled")
        }
    }

    func testGIOAsyncResultResumesTheTask() throws {
        try onMain {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-gio-\(getpid()).txt").path
            try "码云 Mayun".write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let runner = MainLoopRunner()
            var text: String?
            var failure: Error?
            Task { @MainActor in
                do {
                    let file = g_file_new_for_path(path)!
                    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
                    text = try await gioAsync({ callback, data in
                        g_file_load_contents_async(file, nil, callback, data)
                    }, finish: { result in
                        var contents: UnsafeMutablePointer<CChar>?
                        var length: gsize = 0
                        _ = try withGError { g_file_load_contents_finish(file, result, &contents, &length, nil, $0) }
                        defer { g_free(contents) }
                        return contents.map { String(cString: $0) } ?? ""
                    })
                } catch {
                    failure = error
                }
                runner.quit()
            }
            runner.run(timeout: 10)
            XCTAssertNil(failure)
            XCTAssertEqual(text, "码云 Mayun")
        }
    }

    func testGIOErrorsBecomeGLibErrors() {
        onMain {
            let runner = MainLoopRunner()
            var caught: GLibError?
            Task { @MainActor in
                let file = g_file_new_for_path("/nonexistent/mayun/file")!
                defer { g_object_unref(UnsafeMutableRawPointer(file)) }
                do {
                    _ = try await gioAsync({ callback, data in
                        g_file_load_contents_async(file, nil, callback, data)
                    }, finish: { result in
                        var contents: UnsafeMutablePointer<CChar>?
                    defer { g_free(contents) }
                    return try withGError { g_file_load_contents_finish(file, result, &contents, nil, nil, $0) }
                    })
                } catch let error as GLibError {
                    caught = error
                } catch {}
                runner.quit()
            }
            runner.run(timeout: 10)
            XCTAssertEqual(caught?.code, Int32(G_IO_ERROR_NOT_FOUND.rawValue))
            XCTAssertEqual(caught?.isCancellation, false)
        }
    }
}
