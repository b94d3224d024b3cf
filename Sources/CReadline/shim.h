// GNU readline for Brewery's REPL. Swift never assigns readline's globals directly
// (Swift 6 rejects shared mutable C state); these static inline helpers do it.
#ifndef BREWERY_READLINE_SHIM_H
#define BREWERY_READLINE_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>

/// Sets `action` (a handler, SIG_DFL or SIG_IGN) for `sig`, without SA_RESTART so
/// readline's wait is interrupted; the action it replaces goes to `old` if given.
static inline void brewery_set_signal(int sig, void (*action)(int), struct sigaction *old) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = action;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: interrupt readline's wait
    sigaction(sig, &sa, old);
}

/// Installs `handler` for SIGINT. The handler and its flag live in Swift: a `static`
/// flag in this header would get one copy per module that inlines a caller, and the
/// handler and the reader could then see different copies (seen in release builds, where
/// Ctrl-C stopped clearing the line).
static inline void brewery_install_sigint(void (*handler)(int)) { brewery_set_signal(SIGINT, handler, NULL); }

/// The signals the REPL acts on while a line is read: Ctrl-C, a resized terminal, Ctrl-Z.
static const int brewery_signals[] = {SIGINT, SIGWINCH, SIGTSTP};

/// ``brewery_signals`` as a set.
static inline void brewery_reading_signals(sigset_t *set) {
    sigemptyset(set);
    for (size_t i = 0; i < sizeof brewery_signals / sizeof *brewery_signals; i++) sigaddset(set, brewery_signals[i]);
}

/// A parent may have left them blocked (a test runner's thread does); the REPL needs them
/// while a command runs (Ctrl-C cancels it), so unblock them.
static inline void brewery_unblock_signals(void) {
    sigset_t set;
    brewery_reading_signals(&set);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/// Blocks them while readline works on a key: they are let in only while it waits for
/// the next one (``brewery_rl_getc``), so one that comes in between is acted on then,
/// not missed until another signal interrupts a wait.
static inline void brewery_block_reading_signals(void) {
    sigset_t set;
    brewery_reading_signals(&set);
    sigprocmask(SIG_BLOCK, &set, NULL);
}

/// readline's key reader. It waits with the REPL's signals let in (`pselect` unblocks
/// and waits in one step, so none is lost between a check and the wait); when a wait is
/// interrupted it lets readline act on its own signals (a resize) and then runs the
/// signal hook (Ctrl-C, Ctrl-Z), as readline's reader does.
static inline int brewery_rl_getc(FILE *stream) {
    int fd = fileno(stream);
    sigset_t waiting;
    sigprocmask(SIG_BLOCK, NULL, &waiting);
    for (size_t i = 0; i < sizeof brewery_signals / sizeof *brewery_signals; i++) sigdelset(&waiting, brewery_signals[i]);
    for (;;) {
        fd_set ready;
        FD_ZERO(&ready);
        FD_SET(fd, &ready);
        if (pselect(fd + 1, &ready, NULL, NULL, NULL, &waiting) < 0) {
            if (errno != EINTR) return RL_ISSTATE(RL_STATE_READCMD) ? READERR : EOF;
            rl_check_signals();
            if (rl_signal_event_hook) (*rl_signal_event_hook)();
            continue;
        }
        unsigned char key;
        ssize_t n = read(fd, &key, 1);
        if (n == 1) return key;
        if (n == 0) return EOF;
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            int flags = fcntl(fd, F_GETFL);
            if (flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0) continue;
        }
        return RL_ISSTATE(RL_STATE_READCMD) ? READERR : EOF;
    }
}

/// Installs `handler` for SIGTSTP (Ctrl-Z) while a line is read, without SA_RESTART:
/// readline's own signal handling is off (Ctrl-C is the REPL's), so the REPL suspends
/// itself (``brewery_rl_suspend``). `handler` nil puts the default action back.
static inline void brewery_handle_sigtstp(void (*handler)(int)) {
    brewery_set_signal(SIGTSTP, handler ? handler : SIG_DFL, NULL);
}

/// Stops the process as Ctrl-Z asks, with the terminal given back as it was before the
/// line was read; when continued (`fg`), takes the terminal again (the shell will have
/// put its own modes back) and draws the prompt and the line again.
static inline void brewery_rl_suspend(void) {
    struct sigaction old;
    sigset_t tstp, mask;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    if (rl_deprep_term_function) (*rl_deprep_term_function)();
    brewery_set_signal(SIGTSTP, SIG_DFL, &old);
    sigprocmask(SIG_UNBLOCK, &tstp, &mask);  // blocked while a key is worked on
    raise(SIGTSTP);  // stopped here until SIGCONT
    sigprocmask(SIG_SETMASK, &mask, NULL);
    sigaction(SIGTSTP, &old, NULL);
    if (rl_prep_term_function) (*rl_prep_term_function)(1);
    rl_forced_update_display();
}

/// Readline set-up: whole-line completion, our hooks, no signal handling of its own,
/// no bracketed-paste escape codes, list candidates on the first unmodified TAB.
static inline void brewery_rl_install(rl_completion_func_t *complete, rl_compdisp_func_t *display, rl_hook_func_t *event) {
    rl_readline_name = "brewery";
    rl_catch_signals = 0;
    rl_catch_sigwinch = 1;
    rl_attempted_completion_function = complete;
    rl_completion_display_matches_hook = display;
    rl_signal_event_hook = event;
    rl_getc_function = brewery_rl_getc;
    rl_completer_word_break_characters = (char *)"";
    rl_completer_quote_characters = NULL;
    rl_basic_quote_characters = (char *)"";
    rl_variable_bind("enable-bracketed-paste", "off");
    rl_variable_bind("show-all-if-unmodified", "on");
    rl_variable_bind("completion-query-items", "200");
}

/// Readline writes prompts to stderr when stdout is not a terminal.
static inline void brewery_rl_output_to_stderr(void) { rl_outstream = stderr; }

static inline void brewery_rl_completion_over(void) { rl_attempted_completion_over = 1; }

/// The line up to the cursor (a copy the caller frees).
static inline char *brewery_rl_line_to_point(void) {
    if (!rl_line_buffer) return strdup("");
    return strndup(rl_line_buffer, (size_t)rl_point);
}

/// Discards the line being edited after Ctrl-C and shows a fresh prompt.
static inline void brewery_rl_discard_line(void) {
    rl_replace_line("", 0);
    rl_point = 0;
    rl_end = 0;
    fputs("^C", rl_outstream ? rl_outstream : stdout);
    rl_crlf();
    rl_on_new_line();
    rl_redisplay();
}

/// Lists `n` display strings the way readline lists matches, then redraws the line.
static inline void brewery_rl_display(char **items, int n, int maxlen) {
    rl_display_match_list(items, n, maxlen);
    rl_forced_update_display();
}

static inline void brewery_rl_stop_done(void) { rl_done = 1; }

/// While a pager runs, a one-shot run ignores Ctrl-C as git does (the pager handles it;
/// dying would hand the terminal back with the pager still reading it). Only SIGINT's
/// default action is changed; returns 1 when it was.
static inline int brewery_sigint_ignore_if_default(void) {
    struct sigaction old;
    sigaction(SIGINT, NULL, &old);
    if (old.sa_handler != SIG_DFL) return 0;
    brewery_set_signal(SIGINT, SIG_IGN, NULL);
    return 1;
}

/// SIGINT's default action again.
static inline void brewery_sigint_default(void) { brewery_set_signal(SIGINT, SIG_DFL, NULL); }

// Hints (greyed text after the cursor). The redisplay and key functions live in Swift;
// these only reach readline's state.

/// Installs `redisplay` as readline's redisplay function, `accept` on Enter and
/// `forward` on the right arrow (both escape sequences terminals send for it).
///
/// readline is initialised first: it reads the terminal's capabilities only if no
/// redisplay function of the application's is set by then, and without them it treats
/// the terminal as dumb (Ctrl-L no longer clears the screen, erasing is done with spaces).
static inline void brewery_rl_install_hints(rl_voidfunc_t *redisplay, rl_command_func_t *accept, rl_command_func_t *forward) {
    rl_initialize();
    rl_redisplay_function = redisplay;
    rl_bind_key('\r', accept);
    rl_bind_key('\n', accept);
    rl_bind_keyseq("\033[C", forward);
    rl_bind_keyseq("\033OC", forward);
}

/// readline's own redisplay.
static inline void brewery_rl_redisplay(void) { rl_redisplay(); }
static inline int brewery_rl_point(void) { return rl_point; }
static inline int brewery_rl_end(void) { return rl_end; }
/// The whole line being edited (a copy the caller frees).
static inline char *brewery_rl_line(void) { return strndup(rl_line_buffer ? rl_line_buffer : "", (size_t)rl_end); }
/// Whether readline is searching history or completing (no hint then).
static inline int brewery_rl_busy(void) {
    return (rl_readline_state & (RL_STATE_ISEARCH | RL_STATE_NSEARCH | RL_STATE_COMPLETING | RL_STATE_DONE)) != 0;
}
static inline int brewery_rl_screen_width(void) {
    int rows = 0, cols = 0;
    rl_get_screen_size(&rows, &cols);
    return cols;
}
/// Writes `text` where readline draws, now.
static inline void brewery_rl_write(const char *text) {
    FILE *out = rl_outstream ? rl_outstream : stdout;
    fputs(text, out);
    fflush(out);
}
/// Puts `line` in place of the line being edited, the cursor at its end.
static inline void brewery_rl_replace(const char *line) {
    rl_replace_line(line, 0);
    rl_point = rl_end;
}
static inline int brewery_rl_newline(int count, int key) { return rl_newline(count, key); }
static inline int brewery_rl_forward(int count, int key) { return rl_forward_char(count, key); }
#endif
