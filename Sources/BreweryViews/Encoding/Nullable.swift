/// Brewery's one policy for missing values in JSON: a field that a document always has
/// is written as `null` when its value is missing, never left out.
///
/// Synthesized `Encodable` leaves a plain optional out when it is nil; wrapping the
/// property keeps its key with `null`.
@propertyWrapper
package struct Nullable<Value: Encodable & Sendable & Equatable>: Encodable, Sendable, Equatable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}
