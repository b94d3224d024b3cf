/// A fixed-size, 64-byte-aligned buffer of trivial values, shared read-only once built.
///
/// The scoring loops read these with no bounds checks or reference counting per element.
package final class AlignedBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The elements.
    package let pointer: UnsafeMutablePointer<Element>
    /// Number of elements.
    package let count: Int
    /// What owns the memory when this buffer is a view into it (nil: the buffer owns it).
    private let owner: AnyObject?

    /// Allocates `count` elements, each set to `value`.
    package init(count: Int, repeating value: Element) {
        self.count = count
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * MemoryLayout<Element>.stride, alignment: 64)
        pointer = raw.bindMemory(to: Element.self, capacity: max(count, 1))
        pointer.initialize(repeating: value, count: max(count, 1))
        owner = nil
    }

    /// Allocates `count` elements left for the caller to fill (as bytes read from a file).
    package init(uninitializedCount count: Int) {
        self.count = count
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * MemoryLayout<Element>.stride, alignment: 64)
        pointer = raw.bindMemory(to: Element.self, capacity: max(count, 1))
        owner = nil
    }

    /// A buffer holding a copy of `elements`.
    package init(copying elements: [Element]) {
        count = elements.count
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * MemoryLayout<Element>.stride, alignment: 64)
        let pointer = raw.bindMemory(to: Element.self, capacity: max(count, 1))
        elements.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { pointer.initialize(from: base, count: source.count) }
        }
        self.pointer = pointer
        owner = nil
    }

    /// A view of `count` elements at `base`, memory that `owner` keeps alive (as a
    /// snapshot's sections inside the bytes read from the file).
    ///
    /// - Precondition: `base` is aligned for `Element` and the bytes are initialized.
    package init(viewing base: UnsafeMutableRawPointer, count: Int, owner: AnyObject) {
        self.count = count
        pointer = base.bindMemory(to: Element.self, capacity: count)
        self.owner = owner
    }

    deinit {
        if owner == nil { UnsafeMutableRawPointer(pointer).deallocate() }
    }

    /// The elements as a buffer (bounds-checked in debug builds), for whole-buffer passes.
    package var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: pointer, count: count) }

    /// Element `i` (no bounds check in release builds).
    @inline(__always)
    package subscript(i: Int) -> Element {
        get {
            assert(i >= 0 && i < count, "AlignedBuffer index \(i) out of 0..<\(count)")
            return pointer[i]
        }
        set {
            assert(i >= 0 && i < count, "AlignedBuffer index \(i) out of 0..<\(count)")
            pointer[i] = newValue
        }
    }
}
