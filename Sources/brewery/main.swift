import BreweryCLI

BreweryCommand.runMain()
