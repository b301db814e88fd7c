import FlickDiff
import FlickRender
import FlickReview
import Foundation

/// `flick diff --report DIR`: the comparison as a review page (FlickReview's `ReviewPage.diffReport`), with the
/// expected, actual and diff images of every frame that differs beside it.
extension Diff {
    /// The folders of images a report holds.
    static let reportImageFolders = ["expected", "actual", "diff"]

    func checkReportOption() throws {
        guard let report else { return }
        if report.isEmpty { throw RenderError("--report is empty; give the folder the review page goes in") }
        if let out, URL(fileURLWithPath: out).standardizedFileURL == URL(fileURLWithPath: report).standardizedFileURL {
            throw RenderError("--report and --out are the same folder (\(report)); give two folders")
        }
    }

    /// The report's output folder, with its image folders.
    static func reportFolder(_ destination: URL) throws -> OutputFolder {
        let folder = try OutputFolder(destination: destination)
        do {
            for name in reportImageFolders { try folder.createFolder(name) }
        } catch {
            folder.abandon()
            throw error
        }
        return folder
    }

    /// Writes the page and commits the report (or abandons it when an image could not be written); the errors met.
    func writeReport(_ folder: OutputFolder, frames: [FramePair], outcomes: [Result<FrameResult, ImageError>], errors: [String],
                     options: DiffOptions, failed: Bool) throws -> [String] {
        if failed {
            folder.abandon()
            return ["error: no report was written to \(report ?? "")"]
        }
        var pages: [ReviewPage.ReportFrame] = []
        for (frame, outcome) in zip(frames, outcomes) {
            guard case .success(let result) = outcome else { continue }
            let c = result.comparison
            pages.append(ReviewPage.ReportFrame(name: frame.name, stem: FolderComparison.stem(frame.name), differing: c.differingPixels,
                                                antiAliased: c.antialiasedPixels, total: c.pixelCount, ratio: c.diffRatio,
                                                identical: c.isExactMatch, withinTolerance: c.isWithinTolerance,
                                                images: c.differingPixels > 0))
        }
        // Folders left empty are not part of the output (its manifest lists files).
        for name in Self.reportImageFolders { rmdir(folder.staging.path + "/" + name) }
        var summary = "threshold \(options.threshold), tolerated \(options.toleranceDescription) per frame"
        if !options.includeAntialiasing { summary += ", anti-aliasing ignored" }
        let page = ReviewPage.diffReport(expected: expected, actual: actual, frames: pages,
                                         errors: errors.map { String($0.dropFirst("error: ".count)) }, summary: summary)
        return try Interruption.committing(folder, {
            try folder.write(Data(page.utf8), to: "index.html")
            for warning in try folder.commit(cancellation: Interruption.cancellation) { printError("warning: \(warning)") }
            if format != .json { printSafe("report: \(report ?? "")/index.html") }
            return []
        }, failed: { ["error: \($0)"] })
    }
}
