import FlickCore
import Foundation

/// The made-up content of list row `index`: the same text for the same row on every run and machine,
/// varied enough that a reviewer can follow one row through the motion ("Studio 12", "9:30 AM · 0.4 mi").
struct RowContent {
    let index: Int

    /// Kinds of venue, cycled through; the row number follows, so each title is unique.
    static let venues = ["Studio", "Barre Loft", "Cycle House", "Yoga Room", "Pilates Lab", "Boxing Club",
                         "Climb Gym", "Dance Hall", "Rowing Club", "Swim Center", "Spin Lab", "Stretch Bar"]

    /// "Studio 12": a venue and the row's number counted from 1.
    var title: String { "\(RowContent.venues[index % RowContent.venues.count]) \(index + 1)" }

    /// "9:30 AM · 0.4 mi": a class time (every 15 minutes from 6:00 AM, wrapping after 9:45 PM) and a distance.
    var subtitle: String { "\(time) · \(distance)" }

    var time: String { RowContent.clock(minutes: 6 * 60 + (index * 15) % (16 * 60)) }

    var distance: String {
        let tenths = 1 + (index * 7 + index / 5) % 29
        return "\(tenths / 10).\(tenths % 10) mi"
    }

    /// Initials for the avatar: the first letter of each word of the venue.
    var initials: String {
        RowContent.venues[index % RowContent.venues.count].split(separator: " ").prefix(2)
            .compactMap { $0.first.map(String.init) }.joined()
    }

    /// A price that varies by row, shown at the trailing edge.
    var price: String { "$\(14 + (index * 5) % 19)" }

    /// Minutes after midnight of a clock time as a section title writes it ("9:00 AM", "12:30 PM"), nil for any
    /// other title ("Morning").
    static func minutes(ofClock text: String) -> Int? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[1] == "AM" || parts[1] == "PM" else { return nil }
        let hm = parts[0].split(separator: ":", omittingEmptySubsequences: false)
        guard hm.count == 2, hm[1].count == 2, let h = Int(hm[0]), let m = Int(hm[1]), (1...12).contains(h), (0...59).contains(m)
        else { return nil }
        return (h % 12 + (parts[1] == "PM" ? 12 : 0)) * 60 + m
    }

    /// The hours of a part of the day named as a whole section title ("Evening": 6 to 9 PM), so that the rows under
    /// it read times of that part of the day; case is ignored.
    static let partsOfDay: [String: Range<Int>] = [
        "early morning": 5..<8, "morning": 6..<12, "late morning": 10..<12, "midday": 12..<13, "noon": 12..<13,
        "lunch": 12..<13, "afternoon": 13..<18, "late afternoon": 16..<18, "evening": 18..<21, "night": 21..<24,
        "late night": 22..<24,
    ]

    /// Minutes after midnight at which a section titled `title` begins: its clock time ("9:00 AM") or the part of the
    /// day it names ("Evening", `partsOfDay`); nil for any other title ("Featured").
    static func start(ofSection title: String) -> Int? {
        minutes(ofClock: title) ?? partsOfDay[title.lowercased()].map { $0.lowerBound * 60 }
    }

    /// How long a section lasts when no later section gives its end: a part of the day to its end, a clock time an
    /// hour.
    static func length(ofLastSection title: String) -> Int {
        partsOfDay[title.lowercased()].map { ($0.upperBound - $0.lowerBound) * 60 } ?? 60
    }

    /// Made-up rows under a section titled with a clock time or a part of the day read times from that section's
    /// start: row k of n reads the start plus k/n of the way to the next section's start (`length(ofLastSection:)`
    /// when there is no later one), in whole 5 minutes, so a row never reads a time before the chip it sits under
    /// or after the next. Nil when the row's section has no such title (the row keeps `time`).
    static func sectionTime(_ sections: [Section], row index: Int) -> String? {
        var start = 0
        for (n, section) in sections.enumerated() {
            defer { start += section.rows }
            guard index >= start, index < start + section.rows else { continue }
            guard let from = Self.start(ofSection: section.title) else { return nil }
            let next = sections.indices.contains(n + 1) ? Self.start(ofSection: sections[n + 1].title) : nil
            let span = next.map { $0 > from ? $0 - from : 60 } ?? length(ofLastSection: section.title)
            let step = (index - start) * span / max(1, section.rows)
            return clock(minutes: from + step / 5 * 5)
        }
        return nil
    }

    /// "9:30 AM" for minutes after midnight.
    static func clock(minutes: Int) -> String {
        let h24 = (minutes / 60) % 24, m = minutes % 60
        let h12 = h24 % 12 == 0 ? 12 : h24 % 12
        return "\(h12):\(m < 10 ? "0" : "")\(m) \(h24 < 12 ? "AM" : "PM")"
    }
}

/// What row `index` of a list shows: the row read from its rows file, or else the made-up `RowContent`.
struct RowText {
    let title: String
    let subtitle: String
    let trailing: String
    /// Initials for an avatar without a thumbnail.
    let initials: String
    /// A PNG or SVG file (absolute) drawn in the avatar's place.
    let thumbnail: String?

    init(_ spec: ListSpec, _ index: Int) {
        if spec.content.indices.contains(index) {
            let row = spec.content[index]
            title = row.title
            subtitle = row.subtitle ?? ""
            trailing = row.trailing ?? ""
            // The first letter or digit of each of the first two words that have one ("The \"Long\" Ride" → TL).
            initials = row.title.split(whereSeparator: \.isWhitespace)
                .compactMap { $0.first(where: { $0.isLetter || $0.isNumber }).map(String.init) }.prefix(2).joined()
            thumbnail = row.thumbnail
        } else {
            let made = RowContent(index: index)
            let time = RowContent.sectionTime(spec.sections, row: index) ?? made.time
            (title, subtitle, trailing, initials, thumbnail) = (made.title, "\(time) · \(made.distance)", made.price,
                                                                made.initials, nil)
        }
    }
}
