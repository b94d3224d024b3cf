/// How a command's result is written: a text table for people, or JSON or CSV for scripts.
package enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv
}
