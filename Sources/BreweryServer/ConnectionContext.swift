import Hummingbird
import NIOCore

/// A request's context that knows its connection, so an answer can end it.
package struct ConnectionContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The request's connection.
    let channel: any Channel

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
