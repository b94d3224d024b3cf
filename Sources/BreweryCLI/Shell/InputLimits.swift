/// How long a command line may be, checked before it is parsed.
///
/// The argument parser's time grows with the square of the word count (20,000 words took
/// minutes), so a line is refused whole, with one line saying why, before any parsing.
/// The limits leave room for every real use: `--ids` with 10,000 ids is one word of
/// about 50 KB, and the longest beer name is under 100 characters.
package enum InputLimits {
    /// The most bytes in one line (UTF-8).
    package static let maximumLineBytes = 65_536
    /// The most words in one command.
    package static let maximumWords = 256

    /// Why a line or command is refused, or nil when it is within the limits.
    package static func problem(lineBytes: Int) -> String? {
        lineBytes > maximumLineBytes
            ? "the line is \(lineBytes) bytes long; the most a command may be is \(maximumLineBytes)" : nil
    }

    /// Why a command of `count` words is refused, or nil.
    package static func problem(words count: Int) -> String? {
        count > maximumWords ? "the command has \(count) words; the most is \(maximumWords)" : nil
    }
}
