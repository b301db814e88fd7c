import Foundation

/// How the commands that write files stop on Ctrl-C, `kill`, a closed terminal or Ctrl-\ (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, all handled alike): the signals are held from the start of `main`, so no thread is ever
/// interrupted halfway through a write, and the work asks `cancellation` between frames and once more just
/// before committing. A signal that arrives at any time before the commit (after the last frame included)
/// stops the command: what it wrote is removed, nothing is committed, and flick exits 128 + the signal's
/// number (130 for Ctrl-C). One that arrives after the commit is too late to undo it; the command finishes.
///
/// Commands that write nothing (`validate`, `examples`) release the signals and stop at once, as any program.
public enum Signals {
    public static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private static var set: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        return set
    }

    /// Holds the signals on the calling thread and every thread it starts from now on.
    public static func hold() {
        var set = self.set
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Delivers the signals as usual again (their default action ends the process).
    public static func release() {
        var set = self.set
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The first of the signals waiting to be handled, if any.
    public static var pending: Int32? {
        var waiting = sigset_t()
        sigpending(&waiting)
        return handled.first { sigismember(&waiting, $0) == 1 }
    }

    /// Raised as soon as one of the signals is waiting.
    public static let cancellation = Cancellation { pending != nil }
}
