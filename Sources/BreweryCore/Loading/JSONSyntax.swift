/// Finds where JSON text first goes wrong, and what was expected there.
///
/// Foundation's decoder says only "the data is truncated or malformed"; when it refuses
/// a file, this scan (run only then) names the line, column and byte of the first
/// problem and what should have been there, e.g. `line 2, column 11 (byte 35): expected
/// ',' or '}' after a value, found '"'`. It is iterative, so nesting depth costs memory
/// for a stack of bytes, never the call stack.
package enum JSONSyntax {
    /// The first syntax problem of a text.
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// Byte offset, from 0.
        package var offset: Int
        /// Line and column (bytes), from 1.
        package var line: Int
        package var column: Int
        /// What is wrong, e.g. "expected ':' after a key, found '}'".
        package var message: String

        package var description: String { "line \(line), column \(column) (byte \(offset)): \(message)" }
    }

    private enum Want {
        case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end
    }

    /// The first problem of `text`, or nil when it is well-formed JSON whose numbers a
    /// 64-bit float can hold.
    package static func firstProblem(in text: UnsafeRawBufferPointer) -> Problem? {
        let n = text.count
        var i = 0
        var stack: [UInt8] = []
        var want = Want.value

        func problem(_ message: String, at offset: Int) -> Problem {
            var line = 1
            var lineStart = 0
            for k in 0..<min(offset, n) where text[k] == UInt8(ascii: "\n") {
                line += 1
                lineStart = k + 1
            }
            return Problem(offset: offset, line: line, column: offset - lineStart + 1, message: message)
        }
        func found(_ k: Int) -> String {
            guard k < n else { return "the end of the data" }
            let b = text[k]
            if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
            if b == 0x20 { return "a space" }
            return b < 0x80 ? "byte 0x\(String(b, radix: 16, uppercase: true))" : "a non-ASCII character"
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

        // The reader's own checks of escapes and UTF-8, so both refuse the same texts.
        let bytes = text.baseAddress?.assumingMemoryBound(to: UInt8.self)
        /// The code unit of the `\uXXXX` escape at `k` (its backslash), or nil without four hex digits.
        func codeUnit(_ k: Int) -> UInt16? {
            guard let bytes, let v = try? BeerJSONReader.Scanner.hex4(bytes, at: k + 2, end: n) else { return nil }
            return UInt16(v)
        }
        func escape(_ unit: UInt16) -> String {
            let hex = String(unit, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }

        /// The length of the well-formed UTF-8 sequence at `k` (a byte from 0x80), or nil.
        func utf8Length(_ k: Int) -> Int? {
            guard let bytes, let next = try? BeerJSONReader.Scanner.utf8Sequence(bytes, at: k, end: n) else { return nil }
            return next - k
        }

        /// Scans a string starting at its quote; the offset after it, or a problem.
        func string(_ start: Int) -> Result<Int, Problem> {
            var k = start + 1
            while k < n {
                let b = text[k]
                if b == UInt8(ascii: "\"") { return .success(k + 1) }
                if b < 0x20 {
                    let hex = (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true)
                    return .failure(problem("a control character (byte 0x\(hex)) inside a string; it must be escaped", at: k))
                }
                if b == UInt8(ascii: "\\") {
                    guard k + 1 < n else { break }
                    let e = text[k + 1]
                    if e == UInt8(ascii: "u") {
                        guard let unit = codeUnit(k) else {
                            return .failure(problem("expected four hex digits after \\u in a string", at: k))
                        }
                        // UTF-16 surrogates come in pairs: a high one, then a low one.
                        if unit >= 0xDC00 && unit <= 0xDFFF {
                            return .failure(
                                problem("a lone low surrogate \(escape(unit)) in a string (it names no character)", at: k))
                        }
                        if unit >= 0xD800 && unit <= 0xDBFF {
                            guard k + 7 < n, text[k + 6] == UInt8(ascii: "\\"), text[k + 7] == UInt8(ascii: "u"),
                                let low = codeUnit(k + 6), low >= 0xDC00 && low <= 0xDFFF
                            else {
                                return .failure(
                                    problem(
                                        "a lone high surrogate \(escape(unit)) in a string (it must be followed by a low one, \\uDC00 to \\uDFFF)",
                                        at: k))
                            }
                            k += 12
                            continue
                        }
                        k += 6
                        continue
                    }
                    guard "\"\\/bfnrt".utf8.contains(e) else {
                        let shown = e >= 0x21 && e < 0x7F ? " '\\\(Character(Unicode.Scalar(e)))'" : ""
                        return .failure(problem("an unknown escape\(shown) in a string", at: k))
                    }
                    k += 2
                    continue
                }
                if b >= 0x80 {
                    guard let length = utf8Length(k) else {
                        let hex = String(b, radix: 16, uppercase: true)
                        return .failure(problem("a byte that is not UTF-8 (0x\(hex)) in a string: the file must be UTF-8", at: k))
                    }
                    k += length
                    continue
                }
                k += 1
            }
            return .failure(problem("a string that starts here is never closed", at: start))
        }

        /// Scans a number; the offset after it, or a problem.
        func number(_ start: Int) -> Result<Int, Problem> {
            var k = start
            if text[k] == UInt8(ascii: "-") { k += 1 }
            guard k < n, isDigit(text[k]) else {
                return .failure(problem("expected a digit in a number, found \(found(k))", at: k))
            }
            if text[k] == UInt8(ascii: "0") { k += 1 } else { while k < n && isDigit(text[k]) { k += 1 } }
            if k < n && text[k] == UInt8(ascii: ".") {
                k += 1
                guard k < n, isDigit(text[k]) else {
                    return .failure(problem("expected a digit after the decimal point, found \(found(k))", at: k))
                }
                while k < n && isDigit(text[k]) { k += 1 }
            }
            if k < n && (text[k] | 0x20) == UInt8(ascii: "e") {
                k += 1
                if k < n && (text[k] == UInt8(ascii: "+") || text[k] == UInt8(ascii: "-")) { k += 1 }
                guard k < n, isDigit(text[k]) else {
                    return .failure(problem("expected a digit in the exponent, found \(found(k))", at: k))
                }
                while k < n && isDigit(text[k]) { k += 1 }
            }
            // Well-formed, yet past a 64-bit float's range (`1e400`): decoders refuse it too.
            let digits = String(decoding: UnsafeRawBufferPointer(rebasing: text[start..<k]), as: UTF8.self)
            if let value = Double(digits), !value.isFinite {
                let shown = digits.count > 24 ? digits.prefix(24) + "…" : Substring(digits)
                return .failure(problem("the number \(shown) is too large to be read (beyond ±1.8e308)", at: start))
            }
            return .success(k)
        }

        func afterValue() -> Want { stack.isEmpty ? .end : .commaOrClose }

        while true {
            while i < n && isSpace(text[i]) { i += 1 }
            if i == n {
                switch want {
                case .end: return nil
                case .value where stack.isEmpty && n == 0: return problem("the data is empty", at: 0)
                default:
                    let open = stack.last.map { $0 == UInt8(ascii: "[") ? "a list" : "an object" } ?? "a value"
                    return problem("the data ends inside \(open): it is cut short", at: n)
                }
            }
            let c = text[i]
            switch want {
            case .value, .valueOrClose:
                if c == UInt8(ascii: "]") && want == .valueOrClose {
                    stack.removeLast()
                    i += 1
                    want = afterValue()
                    continue
                }
                switch c {
                case UInt8(ascii: "{"):
                    stack.append(c)
                    want = .keyOrClose
                    i += 1
                case UInt8(ascii: "["):
                    stack.append(c)
                    want = .valueOrClose
                    i += 1
                case UInt8(ascii: "\""):
                    switch string(i) {
                    case .success(let next): i = next
                    case .failure(let p): return p
                    }
                    want = afterValue()
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    switch number(i) {
                    case .success(let next): i = next
                    case .failure(let p): return p
                    }
                    want = afterValue()
                default:
                    var matched = false
                    for word in ["true", "false", "null"] where word.utf8.first == c {
                        let bytes = Array(word.utf8)
                        if i + bytes.count <= n && (0..<bytes.count).allSatisfy({ text[i + $0] == bytes[$0] }) {
                            i += bytes.count
                            matched = true
                        }
                    }
                    guard matched else {
                        let close = want == .valueOrClose ? " or ']'" : ""
                        return problem(
                            "expected a value (object, list, string, number, true, false or null)\(close), found \(found(i))",
                            at: i)
                    }
                    want = afterValue()
                }
            case .key, .keyOrClose:
                if c == UInt8(ascii: "}") && want == .keyOrClose {
                    stack.removeLast()
                    i += 1
                    want = afterValue()
                    continue
                }
                guard c == UInt8(ascii: "\"") else {
                    return problem(
                        "expected a key in double quotes\(want == .keyOrClose ? " or '}'" : ""), found \(found(i))", at: i)
                }
                switch string(i) {
                case .success(let next): i = next
                case .failure(let p): return p
                }
                want = .colon
            case .colon:
                guard c == UInt8(ascii: ":") else { return problem("expected ':' after a key, found \(found(i))", at: i) }
                i += 1
                want = .value
            case .commaOrClose:
                let inList = stack.last == UInt8(ascii: "[")
                if c == UInt8(ascii: ",") {
                    i += 1
                    want = inList ? .value : .key
                } else if c == (inList ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                    stack.removeLast()
                    i += 1
                    want = afterValue()
                } else {
                    return problem("expected ',' or '\(inList ? "]" : "}")' after a value, found \(found(i))", at: i)
                }
            case .end:
                return problem("unexpected \(found(i)) after the end of the data", at: i)
            }
        }
    }
}
