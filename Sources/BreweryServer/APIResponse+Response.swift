import BreweryAPI
import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
    /// `answer` as Hummingbird's response, its headers in their order, `Content-Length` set.
    init(_ answer: APIResponse) {
        var headers = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
        }
        headers[.contentLength] = String(answer.body.count)
        let body: ResponseBody = answer.body.isEmpty ? .init() : .init(byteBuffer: ByteBuffer(bytes: answer.body))
        self.init(status: .init(code: answer.status), headers: headers, body: body)
    }
}
