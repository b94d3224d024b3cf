/// How a listing says where the rest of its results is.
///
/// A view takes its hint as a string, chosen by where it is read: the shell has commands a
/// one-shot run has not, and the server points to its next page.
package enum MoreHint {
    /// One-shot: no `more` command exists there.
    package static let oneShot = "--limit 0 to see them"
    /// The shell, where `more` continues.
    package static let shell = "'more' or --limit 0 to see them"
}
