/// A fixed-size, 64-byte-aligned buffer of trivial values, shared read-only once built.
///
/// The scoring loops read these with no bounds checks or reference counting per element.
public final class AlignedBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The elements.
    public let pointer: UnsafeMutablePointer<Element>
    /// Number of elements.
    public let count: Int

    /// Allocates `count` elements, each set to `value`.
    public init(count: Int, repeating value: Element) {
        self.count = count
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * MemoryLayout<Element>.stride, alignment: 64)
        pointer = raw.bindMemory(to: Element.self, capacity: max(count, 1))
        pointer.initialize(repeating: value, count: max(count, 1))
    }

    /// A buffer holding a copy of `elements`.
    public init(copying elements: [Element]) {
        count = elements.count
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * MemoryLayout<Element>.stride, alignment: 64)
        pointer = raw.bindMemory(to: Element.self, capacity: max(count, 1))
        elements.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { pointer.initialize(from: base, count: source.count) }
        }
    }

    deinit { UnsafeMutableRawPointer(pointer).deallocate() }

    /// Element `i` (no bounds check in release builds).
    @inline(__always)
    public subscript(i: Int) -> Element {
        get { pointer[i] }
        set { pointer[i] = newValue }
    }
}
