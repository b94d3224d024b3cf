struct REPL { var global: GlobalOptions; var bail: Bool; func run() -> Int32 { 0 } }
