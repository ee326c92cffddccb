/// SplitMix64: tiny, fast and the same on every machine, so a seed always yields the same world.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A generator for one named part of the world (a project's files, a user's events) that does not depend on how
    /// many numbers other parts drew: content can be generated lazily in any order and still be deterministic.
    init(seed: UInt64, _ parts: UInt64...) {
        var mixed = seed
        for part in parts { mixed = SeededRandom.mix(mixed ^ (part &* 0x9E37_79B9_7F4A_7C15)) }
        state = mixed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range` (inclusive).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % span)
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// Heavy-tailed counts (stars, forks): most projects have a few, some have thousands.
    mutating func powerLaw(max: Int, exponent: Double = 3.2) -> Int {
        Int(Double(max) * pow(unit(), exponent))
    }
}

/// 40 hex digits, deterministic for its inputs: stands in for git object ids.
func fakeSHA(_ parts: UInt64...) -> String {
    var random = SeededRandom(seed: 0x5A17)
    for part in parts { random = SeededRandom(seed: random.next() ^ part) }
    var text = ""
    for _ in 0..<3 { text += String(random.next(), radix: 16).leftPadded(to: 16) }
    return String(text.prefix(40))
}

/// FNV-1a, to turn strings (paths, branch names) into seed parts.
func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
}

extension String {
    func leftPadded(to length: Int, with pad: Character = "0") -> String {
        count >= length ? self : String(repeating: pad, count: length - count) + self
    }
}

import Foundation
