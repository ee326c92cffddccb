import CSoup
import Foundation
import Glibc
import GLibRuntime

/// Faults below HTTP: a body that drips, stops half-way, a reset connection, a server that never answers.
/// The truncation and reset take the socket from SoupServer (`steal_connection`) and write raw HTTP/1.1 by hand.
@MainActor
enum ConnectionFaults {
    static func drip(_ response: FakeResponse, to message: OpaquePointer, intervalMs: Int) {
        soup_server_message_set_status(message, guint(response.status), nil)
        let headers = soup_server_message_get_response_headers(message)
        // The length is announced, as a server sending a file does, so a client can show how far a slow one got.
        soup_message_headers_set_content_length(headers, goffset(response.body.count))
        soup_message_headers_set_content_type(headers, response.contentType, nil)
        for (name, value) in response.headers { soup_message_headers_append(headers, name, value) }
        soup_server_message_pause(message)
        g_object_ref(UnsafeMutableRawPointer(message))
        let chunkSize = max(16, response.body.count / 8)
        var chunks = stride(from: 0, to: response.body.count, by: chunkSize).map {
            response.body.subdata(in: $0..<min(response.body.count, $0 + chunkSize))
        }
        // A client that hangs up mid-drip (it cancelled) finishes the message: nothing more may be written or
        // unpaused on it (libsoup: "soup_server_message_unpause: assertion 'msg->io_data != NULL' failed").
        var isFinished = false
        let finished = connect(UnsafeMutableRawPointer(message), "finished", main: { isFinished = true })
        func sendNext() {
            afterDelay(milliseconds: intervalMs) {
                if isFinished {
                    disconnect(finished)
                    g_object_unref(UnsafeMutableRawPointer(message))
                    return
                }
                let body = soup_server_message_get_response_body(message)
                if chunks.isEmpty {
                    disconnect(finished)
                    soup_message_body_complete(body)
                    soup_server_message_unpause(message)
                    g_object_unref(UnsafeMutableRawPointer(message))
                    return
                }
                let chunk = chunks.removeFirst()
                chunk.withUnsafeBytes { soup_message_body_append(body, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count)) }
                soup_server_message_unpause(message)
                sendNext()
            }
        }
        sendNext()
    }

    /// Announces the whole length, sends half, closes: the client must report a truncated body.
    static func truncate(_ response: FakeResponse, message: OpaquePointer) {
        guard let stream = soup_server_message_steal_connection(message) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        let body = response.body.isEmpty ? Data("{\"message\": \"truncated\"}".utf8) : response.body
        var head = "HTTP/1.1 \(response.status) OK\r\nContent-Type: \(response.contentType)\r\n"
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let output = g_io_stream_get_output_stream(stream)
        let bytes = Data(head.utf8) + body.prefix(max(1, body.count / 2))
        bytes.withUnsafeBytes { _ = g_output_stream_write_all(output, $0.baseAddress, gsize($0.count), nil, nil, nil) }
        g_output_stream_flush(output, nil, nil)
        g_io_stream_close(stream, nil, nil)
    }

    /// Closes with SO_LINGER 0, which makes the kernel send a TCP reset instead of a graceful close.
    static func reset(_ message: OpaquePointer) {
        guard let stream = soup_server_message_steal_connection(message) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        if g_type_check_instance_is_a(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GTypeInstance.self),
                                      g_socket_connection_get_type()) != 0,
           let socket = g_socket_connection_get_socket(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GSocketConnection.self)) {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(g_socket_get_fd(socket), SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        g_io_stream_close(stream, nil, nil)
    }

    /// Takes the connection and keeps it open without a word (the client's timeout must fire).
    static func hold(_ message: OpaquePointer) -> ObjectRef? {
        guard let stream = soup_server_message_steal_connection(message) else { return nil }
        return ObjectRef(adopting: UnsafeMutableRawPointer(stream))
    }
}
