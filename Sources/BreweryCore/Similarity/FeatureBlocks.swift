/// The numeric features in a space-filling order, cut into blocks of 64 with a bounding
/// box each, so `recommend like` can skip a block whose best score cannot reach the top k.
/// Block `b` is positions `64b ..< 64b + 64`; every block holds one feature mask and one
/// class; built once at load, read-only after.
///
/// Beers are grouped by which of abv/ibu/ebc they have and by a class the caller gives
/// (the yeast: ``RecipeBlocks``), ordered along a Z-order curve of their scaled values,
/// and each group padded to a multiple of ``width`` with empty slots (beer `-1`). Blocks
/// are boxed again in groups of ``groupWidth``, so one test passes over 1,024 far beers.
package struct FeatureBlocks: Sendable {
    /// Beers per block.
    package static let width = 64
    /// Blocks per group.
    package static let groupWidth = 16
    /// Number of positions, padding included (a multiple of ``width``).
    package let positions: Int
    /// Number of blocks.
    package let blockCount: Int
    /// The beer index at each position, or -1 for padding.
    let beerAt: AlignedBuffer<Int32>
    /// The position of each beer index.
    let positionOf: AlignedBuffer<Int32>
    /// Scaled abv, ibu and ebc by position (0 where missing or padding).
    let scaled: [AlignedBuffer<Float>]
    /// Present-axes mask by position (0 for padding).
    let mask: AlignedBuffer<UInt8>
    /// The food index's inverse norm by position (0 for padding).
    let inverseNorm: AlignedBuffer<Float>
    /// Per block and axis, the smallest and largest scaled value among its beers.
    let low: [AlignedBuffer<Float>]
    let high: [AlignedBuffer<Float>]
    /// The one mask every beer of a block has.
    let blockMask: AlignedBuffer<UInt8>
    /// Number of groups.
    package let groupCount: Int
    /// Per group and axis, the smallest and largest scaled value among its beers.
    let groupLow: [AlignedBuffer<Float>]
    let groupHigh: [AlignedBuffer<Float>]
    /// The one mask every beer of a group has, or ``mixedMask`` when they differ.
    let groupMask: AlignedBuffer<UInt8>
    /// The group mask of a group whose beers have different masks (never bounded).
    static let mixedMask: UInt8 = 0xFF

    /// Orders `features` (with `inverseNorm` from the food index) into blocks, the beers
    /// of each `classes` value (by beer; none: one class) apart.
    package init(features: NumericFeatures, inverseNorm: [Float], classes: [Int32]? = nil) {
        let n = features.count
        // Sort key: the Morton code of the three scaled values quantised to 10 bits each
        // (30 bits), then the beer index (31 bits), so the order is total; beers are first
        // put in buckets by mask and class.
        var keys = [UInt64](repeating: 0, count: n)
        var bucketOf: [UInt64: Int] = [:]
        var bucket = [Int](repeating: 0, count: n)
        var bucketKeys: [UInt64] = []
        for i in 0..<n {
            var code: UInt64 = 0
            for axis in 0..<3 {
                let v = features.scaled[axis][i]
                let q = UInt64(min(max((v + 4) * 128, 0), 1023))
                code |= Self.spreadBits(q) << UInt64(axis)
            }
            keys[i] = code << 31 | UInt64(i)
            let group = UInt64(features.mask[i] & 7) << 32 | UInt64(UInt32(bitPattern: classes?[i] ?? 0))
            if let known = bucketOf[group] {
                bucket[i] = known
            } else {
                bucket[i] = bucketKeys.count
                bucketOf[group] = bucketKeys.count
                bucketKeys.append(group)
            }
        }
        var members = [[UInt64]](repeating: [], count: bucketKeys.count)
        for i in 0..<n { members[bucket[i]].append(keys[i]) }
        // Padded layout: each bucket starts on a block boundary; buckets in key order.
        var order: [Int32] = []
        order.reserveCapacity(n + (bucketKeys.count + 8) * Self.width)
        for b in bucketKeys.indices.sorted(by: { bucketKeys[$0] < bucketKeys[$1] }) {
            members[b].sort()
            for key in members[b] { order.append(Int32(truncatingIfNeeded: key & 0x7FFF_FFFF)) }
            while order.count % Self.width != 0 { order.append(-1) }
        }

        let blockTotal = order.count / Self.width
        positions = order.count
        blockCount = blockTotal
        beerAt = AlignedBuffer(copying: order)
        let s = (0..<3).map { _ in AlignedBuffer<Float>(count: order.count, repeating: 0) }
        let m = AlignedBuffer<UInt8>(count: order.count, repeating: 0)
        let inv = AlignedBuffer<Float>(count: order.count, repeating: 0)
        let placed = AlignedBuffer<Int32>(count: n, repeating: 0)
        for (p, beer) in order.enumerated() where beer >= 0 {
            let i = Int(beer)
            placed[i] = Int32(p)
            for axis in 0..<3 { s[axis][p] = features.scaled[axis][i] }
            m[p] = features.mask[i]
            inv[p] = inverseNorm[i]
        }
        let lo = (0..<3).map { _ in AlignedBuffer<Float>(count: blockTotal, repeating: 0) }
        let hi = (0..<3).map { _ in AlignedBuffer<Float>(count: blockTotal, repeating: 0) }
        let bm = AlignedBuffer<UInt8>(count: blockTotal, repeating: 0)
        for b in 0..<blockTotal {
            let members = (b * Self.width..<(b + 1) * Self.width).filter { order[$0] >= 0 }
            bm[b] = m[members[0]]  // a block always holds a beer: padding only fills one up
            for axis in 0..<3 {
                lo[axis][b] = members.map { s[axis][$0] }.min()!
                hi[axis][b] = members.map { s[axis][$0] }.max()!
            }
        }
        positionOf = placed
        // Groups: the union of their blocks' boxes.
        let groupTotal = (blockTotal + Self.groupWidth - 1) / Self.groupWidth
        let glo = (0..<3).map { _ in AlignedBuffer<Float>(count: groupTotal, repeating: 0) }
        let ghi = (0..<3).map { _ in AlignedBuffer<Float>(count: groupTotal, repeating: 0) }
        let gm = AlignedBuffer<UInt8>(count: groupTotal, repeating: 0)
        for g in 0..<groupTotal {
            let members = g * Self.groupWidth..<min((g + 1) * Self.groupWidth, blockTotal)
            gm[g] = bm[members.lowerBound]
            for b in members where bm[b] != gm[g] { gm[g] = Self.mixedMask }
            for axis in 0..<3 {
                glo[axis][g] = members.map { lo[axis][$0] }.min()!
                ghi[axis][g] = members.map { hi[axis][$0] }.max()!
            }
        }
        scaled = s
        mask = m
        self.inverseNorm = inv
        low = lo
        high = hi
        blockMask = bm
        groupCount = groupTotal
        groupLow = glo
        groupHigh = ghi
        groupMask = gm
    }

    /// Spreads the low 10 bits of `x` two bits apart (bit k goes to bit 3k).
    static func spreadBits(_ x: UInt64) -> UInt64 {
        var v = x & 0x3FF
        v = (v | v << 16) & 0x0300_00FF
        v = (v | v << 8) & 0x0300_F00F
        v = (v | v << 4) & 0x030C_30C3
        v = (v | v << 2) & 0x0924_9249
        return v
    }
}

extension FeatureBlocks {
    /// The beer indices in block `b`, in position order (padding left out).
    package func beers(inBlock b: Int) -> [Int] {
        (b * Self.width..<(b + 1) * Self.width).compactMap { beerAt[$0] >= 0 ? Int(beerAt[$0]) : nil }
    }
}
