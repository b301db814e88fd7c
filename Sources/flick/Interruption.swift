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

    /// A stop by a signal, said as `message` ("error: interrupted; the partial output was removed"): exit 128 + its
    /// number.
    static func stop(_ message: String) -> Failure { Failure(lines: [message], status: exit) }
}

/// What a command writes whole or not at all: `abandon` leaves nothing of it (OutputFile, OutputFolder).
protocol Abandonable { func abandon() }
extension OutputFile: Abandonable {}
extension OutputFolder: Abandonable {}

extension Interruption {
    /// Runs `body`, which writes `output` and commits it. When `body` throws, `output` is abandoned; then a stop by a
    /// signal throws `stopped` with the error as a `Failure` of status 128 + its number, and any other error goes to
    /// `failed`, which throws it (`Failure.of`), or keeps it and returns.
    static func committing<T>(_ output: some Abandonable, stopped: (Error) -> String = { "error: \($0)" },
                              _ body: () throws -> T, failed: (Error) throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RenderCancelled {
            output.abandon()
            throw stop(stopped(error))
        } catch {
            output.abandon()
            return try failed(error)
        }
    }
}
