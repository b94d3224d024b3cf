extension FeatureBlocks {
    /// The blocks' arrays as raw pointers, taken once, so the scoring loops of stripes
    /// running side by side never touch a shared reference count. Valid only while the
    /// ``FeatureBlocks`` it was taken from lives; read-only.
    struct UnsafeHandle {
        typealias Axes = (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
        /// By position: the beer index (-1: padding), scaled abv/ibu/ebc, their mask, and
        /// the food index's inverse norm.
        let beerAt: UnsafeMutablePointer<Int32>
        let scaled: Axes
        let mask: UnsafeMutablePointer<UInt8>
        let inverseNorm: UnsafeMutablePointer<Float>
        /// By block: the box of abv/ibu/ebc and the one mask.
        let low: Axes
        let high: Axes
        let blockMask: UnsafeMutablePointer<UInt8>
        /// By group: the box of abv/ibu/ebc and the mask (``FeatureBlocks/mixedMask``: mixed).
        let groupLow: Axes
        let groupHigh: Axes
        let groupMask: UnsafeMutablePointer<UInt8>
    }

    /// Pointers to these blocks' arrays; the caller keeps the blocks alive while using them.
    var unsafeHandle: UnsafeHandle {
        func axes(_ buffers: [AlignedBuffer<Float>]) -> UnsafeHandle.Axes {
            (buffers[0].pointer, buffers[1].pointer, buffers[2].pointer)
        }
        return UnsafeHandle(
            beerAt: beerAt.pointer, scaled: axes(scaled), mask: mask.pointer, inverseNorm: inverseNorm.pointer,
            low: axes(low), high: axes(high), blockMask: blockMask.pointer, groupLow: axes(groupLow),
            groupHigh: axes(groupHigh), groupMask: groupMask.pointer)
    }
}
