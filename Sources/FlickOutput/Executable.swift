import Foundation

/// Finds the optional programs Flick runs (ffmpeg, ffprobe) in `$PATH`.
public enum Executable {
    /// How to get ffmpeg and ffprobe, for the message when one is missing.
    public static let ffmpegInstallHint = "install it with `apt-get install ffmpeg` (Debian, Ubuntu) or `brew install ffmpeg` (macOS)"

    /// The path of `name` in `path` (default `$PATH`): the first regular file there that may be executed, or nil.
    public static func locate(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
