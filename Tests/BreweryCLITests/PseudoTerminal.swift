/// Python shared by the tests that drive a program in a pseudo-terminal (the shell's
/// readline, the completion scripts in bash, zsh and fish).
enum PseudoTerminal {
    /// `drain(t)`: for `t` seconds, everything the program writes to the terminal `fd`
    /// is added to `out` (it returns at once when the program has closed it).
    static let drain = #"""
        out = b""
        def drain(t):
            global out
            end = time.time() + t
            while time.time() < end:
                r, _, _ = select.select([fd], [], [], 0.05)
                if r:
                    try:
                        out += os.read(fd, 65536)
                    except OSError:
                        return
        """#
}
