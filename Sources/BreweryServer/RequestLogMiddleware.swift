import Hummingbird

/// Writes one line per request to the ``RequestLog``: method, target, status, time taken.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ConnectionContext
    let log: RequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            write(request, status: Int(response.status.code), since: started)
            return response
        } catch {
            write(request, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: started)
            throw error
        }
    }

    private func write(_ request: Request, status: Int, since started: ContinuousClock.Instant) {
        log.write(
            method: request.method.rawValue, target: request.uri.string, status: status,
            elapsed: ContinuousClock.now - started)
    }
}
