import FuzzSupport
import Foundation
import Glibc
@testable import GiteeKit
import MayunCore

/// Every GiteeKit model (one object and a list of them, `modelDecoders` from Fuzz/models.list) decoded from the same bytes through the json-glib decoder
/// the app uses, then the values the app derives from them: rows, headers, times, token expiry, event payloads.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    for project in decodeBoth(Project.self, data) {
        _ = ProjectRow(project: project, now: now)
        _ = ProjectHeader(project: project)
    }
    for event in decodeBoth(Event.self, data) { _ = EventRow(event: event, now: now) }
    for user in decodeBoth(User.self, data) { _ = user.createdAt?.date.map { RelativeTime.describe($0, now: now) } }
    for issue in decodeBoth(Issue.self, data) { _ = RelativeTime.describe(issue.createdAt?.date, now: now) }
    for token in decodeBoth(Token.self, data) { _ = token.isExpired(at: now) }
    for value in decodeBoth(JSONValue.self, data) { walk(value) }
    // Every model of Fuzz/models.list (generated: a model missing there fails GiteeKitTests.FuzzModelListTests).
    for decode in modelDecoders { decode(data) }
    return 0
}

/// `T` and `[T]` from the same bytes (a sample is usually one of the two; both must fail cleanly otherwise).
func decodeBoth<T: Decodable>(_ type: T.Type, _ data: Data) -> [T] {
    var values: [T] = []
    if let one = try? JSONNodeDecoding.decode(T.self, from: data) { values.append(one) }
    if let many = try? JSONNodeDecoding.decode([T].self, from: data) { values += many }
    return values
}

/// Reads every accessor of every value, as event rows do on payloads.
private func walk(_ value: JSONValue, depth: Int = 0) {
    _ = value.stringValue
    _ = value.intValue
    _ = value.boolValue
    guard depth < 64 else { return }
    switch value {
    case .array(let items): items.forEach { walk($0, depth: depth + 1) }
    case .object(let members): members.values.forEach { walk($0, depth: depth + 1) }
    default: break
    }
}

exit(FuzzDriver.run(fuzzJSON))
