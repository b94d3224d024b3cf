/// Where a beer's object is in the JSON it was read from, and the ``Checksum`` of those
/// bytes: a beer read back from the file later (``BeerSource``) is taken only if its
/// bytes are still the ones the catalogue was built from.
package struct BeerSpan: Sendable, Equatable {
    /// From the object's `{` to just past its `}`.
    package let range: Range<Int>
    package let checksum: UInt64
}
