import ArgumentParser
import FlickOutput
import Foundation

/// The command line's side of FlickOutput's `Signals` (how commands that write files stop on Ctrl-C, `kill`, a
/// closed terminal or Ctrl-\): the signals are held from the start of `main`, and a command stopped by one exits
/// 128 + its number.
enum Interruption {
    static func hold() { Signals.hold() }
    static func release() { Signals.release() }

    /// Raised as soon as one of the signals is waiting.
    static var cancellation: Cancellation { Signals.cancellation }

    /// The signal waiting, if any (a command that polls, such as `serve`, asks between its rounds).
    static var pending: Int32? { Signals.pending }

    /// The exit for a command stopped by a signal: 128 + its number.
    static var exit: ExitCode { ExitCode(128 + (Signals.pending ?? SIGINT)) }
}
