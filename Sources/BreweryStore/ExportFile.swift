/// A file a user asked Brewery to write (`export --out FILE`): written whole beside its
/// place and renamed over it, so a failed or cancelled export leaves what was there before.
package enum ExportFile {
    /// Writes the text `produce` hands its `write`, in order, to `path`; when `cancelled()`
    /// says so after `produce`, nothing replaces the file
    /// (``StoreError/abandoned(path:)``).
    package static func write(
        to path: String, cancelled: () -> Bool = { false }, _ produce: (_ write: (String) -> Void) -> Void
    ) throws(StoreError) {
        try withoutActuallyEscaping(produce) { produce throws(StoreError) in
            try CatalogueStore.atomicWrite(to: path, durable: true, abandoned: cancelled) { write in
                withoutActuallyEscaping(write) { write in
                    produce { text in
                        var t = text
                        t.withUTF8 { write(UnsafeRawBufferPointer($0)) }
                    }
                }
                return nil
            }
        }
    }
}
