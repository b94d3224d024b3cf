import Dispatch

extension NameIndex {
    /// Per beer, up to two styles (by index in the guide's ``StyleGuide/styles``; −1 for
    /// none) that its name says it is: those of the longest style phrase among its words,
    /// so a longer phrase of another style wins ("India Pale Ale" is an IPA, no pale ale;
    /// "Pilsner" is both pilsner styles). Names are read as the ids of their words, on
    /// every core.
    func stylesSaid(_ guide: StyleGuide) -> (first: [Int16], second: [Int16]) {
        // Every style's phrases in word ids, by first word; a phrase with a word that no
        // name uses is said by none.
        var byFirst: [Int: [(style: Int16, words: [Int])]] = [:]
        for (i, style) in guide.styles.enumerated() {
            for phrase in style.words {
                let ids = phrase.compactMap { word in Array(word.utf8).withUnsafeBufferPointer { wordID($0) } }
                guard !ids.isEmpty, ids.count == phrase.count else { continue }
                byFirst[ids[0], default: []].append((Int16(i), ids))
            }
        }
        let phrases = byFirst
        let n = count
        var first = [Int16](repeating: -1, count: n)
        var second = [Int16](repeating: -1, count: n)
        guard !phrases.isEmpty else { return (first, second) }
        first.withUnsafeMutableBufferPointer { firstOut in
            second.withUnsafeMutableBufferPointer { secondOut in
                nonisolated(unsafe) let firstOut = firstOut
                nonisolated(unsafe) let secondOut = secondOut
                let parts = max(1, min(n / 4096, 64))
                DispatchQueue.concurrentPerform(iterations: parts) { p in
                    var words: [Int] = []
                    for b in (n * p / parts)..<(n * (p + 1) / parts) {
                        let name = name(b)
                        words.removeAll(keepingCapacity: true)
                        for r in Self.words(of: name) {
                            words.append(wordID(UnsafeBufferPointer(rebasing: name[r])) ?? -1)
                        }
                        var longest = 0
                        var said: (Int16, Int16) = (-1, -1)
                        for j in words.indices {
                            for (style, phrase) in phrases[words[j]] ?? [] where phrase.count >= longest {
                                guard j + phrase.count <= words.count, words[j..<(j + phrase.count)].elementsEqual(phrase)
                                else { continue }
                                if phrase.count > longest { (longest, said) = (phrase.count, (-1, -1)) }
                                if said.0 < 0 {
                                    said.0 = style
                                } else if said.1 < 0 && said.0 != style {
                                    said.1 = style
                                }
                            }
                        }
                        firstOut[b] = said.0
                        secondOut[b] = said.1
                    }
                }
            }
        }
        return (first, second)
    }
}
