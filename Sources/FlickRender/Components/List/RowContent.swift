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
            (title, subtitle, trailing, initials, thumbnail) = (made.title, made.subtitle, made.price, made.initials, nil)
        }
    }
}
