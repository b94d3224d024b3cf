/// The page's script and stylesheet (`Resources/`, compiled in): one file each, plain
/// JavaScript and CSS, nothing fetched from another host.
package enum WebAssets {
    package static var script: [UInt8] { PackageResources.app_js }
    package static var stylesheet: [UInt8] { PackageResources.app_css }
}
