extension RecipeBlocks {
    /// The blocks' arrays as raw pointers, taken once (see
    /// ``FeatureBlocks/UnsafeHandle``). Valid only while the ``RecipeBlocks`` it was taken
    /// from lives; read-only.
    struct UnsafeHandle {
        /// By position: the token parts' inverse norms (yeast, hops, malt, style), the
        /// method values and mask.
        let inverseNorm: InlineArray<4, UnsafeMutablePointer<Float>>
        /// By set part (food first) and position: the inverse norms in whole units
        /// (``RecipeBlocks/filterNorms``).
        let filterNorms: InlineArray<5, UnsafeMutablePointer<UInt16>>
        let fermentation: UnsafeMutablePointer<Float>
        let dryHopRate: UnsafeMutablePointer<Float>
        let methodMask: UnsafeMutablePointer<UInt8>
        /// By block: the parts and method axes every beer has and some beer has, the box
        /// of the method values, and the one yeast list (-1: they differ).
        let partsAll: UnsafeMutablePointer<UInt8>
        let partsAny: UnsafeMutablePointer<UInt8>
        let methodAll: UnsafeMutablePointer<UInt8>
        let methodAny: UnsafeMutablePointer<UInt8>
        let fermentationLow: UnsafeMutablePointer<Float>
        let fermentationHigh: UnsafeMutablePointer<Float>
        let dryHopLow: UnsafeMutablePointer<Float>
        let dryHopHigh: UnsafeMutablePointer<Float>
        let blockYeast: UnsafeMutablePointer<Int32>
        /// By group: the one yeast list (-1: they differ).
        let groupYeast: UnsafeMutablePointer<Int32>
    }

    /// Pointers to these blocks' arrays; the caller keeps the blocks alive while using them.
    var unsafeHandle: UnsafeHandle {
        UnsafeHandle(
            inverseNorm: InlineArray { inverseNorm[$0].pointer }, filterNorms: InlineArray { filterNorms[$0].pointer },
            fermentation: fermentation.pointer, dryHopRate: dryHopRate.pointer, methodMask: methodMask.pointer,
            partsAll: partsAll.pointer, partsAny: partsAny.pointer, methodAll: methodAll.pointer,
            methodAny: methodAny.pointer, fermentationLow: fermentationLow.pointer,
            fermentationHigh: fermentationHigh.pointer, dryHopLow: dryHopLow.pointer, dryHopHigh: dryHopHigh.pointer,
            blockYeast: blockYeast.pointer, groupYeast: groupYeast.pointer)
    }
}
