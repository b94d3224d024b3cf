/// An amount with its unit, rounded for reading ("18 g", "5.3 kg", "0.6 oz", "149 °F").
public struct Quantity: Sendable, Equatable, CustomStringConvertible {
    /// The number.
    public var value: Double
    /// Its unit as written.
    public var unit: String

    /// A quantity of `value` `unit`s.
    public init(value: Double, unit: String) {
        self.value = value
        self.unit = unit
    }

    public var description: String { UnitSystem.decimal(value, 2) + " " + unit }
}
