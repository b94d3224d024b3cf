/// The page's script and stylesheet (`Resources/`, compiled in): one file each, plain
/// JavaScript and CSS, nothing fetched from another host.
package enum WebAssets {
    package static var script: [UInt8] { PackageResources.app_js }
    package static var stylesheet: [UInt8] { PackageResources.app_css }

    /// A digest of both files (FNV-1a, 64 bits, in hex), added to their addresses in the
    /// pages: a browser keeps them a day, and a new Brewery's files get new addresses.
    package static let version: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in script + stylesheet {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }()
}
