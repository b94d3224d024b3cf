import ArgumentParser
import BreweryCore
import Foundation

/// The root command: `brewery <subcommand>`, or the REPL with no subcommand.
package struct BreweryCommand: ParsableCommand {

    package static let configuration = CommandConfiguration(
        commandName: "brewery",
        abstract: "Beer recommendations from BrewDog's DIY Dog catalogue, offline.",
        discussion: """
            With no subcommand, starts an interactive shell (REPL) over the catalogue.
            The catalogue is read from --catalogue PATH, else $BREWERY_CATALOGUE, else
            ~/.local/share/brewery/catalogue.json (fill it with 'brewery fetch').

            GLOBAL OPTIONS (before or after the command):
              --catalogue <path>      The catalogue JSON file.
              --format <format>       table (for people), json or csv.
              --json                  Short for --format json.
              --color <when>          auto, always or never (NO_COLOR, FORCE_COLOR).

            Shell completion: brewery --generate-completion-script bash|zsh|fish
            """,
        version: BreweryVersion.current,
        subcommands: [
            Shell.self, Show.self, RecipeCommand.self, Export.self, Search.self, ListBeers.self, Stats.self, Ingredients.self,
            Recommend.self, Rate.self, Unrate.self, Ratings.self, Wish.self, Unwish.self, Wishlist.self, Cellar.self,
            Taste.self,
            Fetch.self,
            Serve.self, Synth.self,
        ],
        defaultSubcommand: Shell.self
    )

    package init() {}
}
