/// The value names that tell completion what a positional argument is. A command's
/// `@Argument` names one of these, and ``CommandLanguage`` reads it back from the
/// command tree.
enum ArgumentKind {
    /// A beer, by id or name: names and ids complete.
    static let beer = "id|name"
    /// Food words: the pairings' vocabulary completes.
    static let food = "food"
    /// Free text: nothing completes.
    static let text = "text"
    /// A command name (`help <command>`): every command completes.
    static let command = "command"
    /// A hop, malt or yeast name: the catalogue's ingredients of that kind complete.
    static let hop = "hop"
    static let malt = "malt"
    static let yeast = "yeast"
}
