/// The samples a plotted curve keeps: at most two per half-point column of its x, the lowest and the highest value
/// there in time order, so a curve of any length costs at most two points per half point of width and still shows
/// every peak, and the last sample, which ends the curve. The motion plot and the compare graph draw through it.
enum CurveColumns {
    /// The indices of `values` to draw, in order; `x(i)` is sample i's x in points. The last sample is added unless
    /// `endsAt(kept, last)` says the last index kept already ends the curve: the compare graph's path asks whether it
    /// is the last sample (the default), the motion plot whether its point is the last sample's point. The two differ
    /// only for two samples at one point to the bit, which the motion plot leaves out and the compare graph repeats.
    static func indices(_ values: [Double], x: (Int) -> Double, endsAt: (Int, Int) -> Bool = { $0 == $1 }) -> [Int] {
        var kept: [Int] = []
        var column = Int.min, lowIndex = 0, highIndex = 0
        func flush() {
            guard column != Int.min else { return }
            kept += lowIndex == highIndex ? [lowIndex] : [min(lowIndex, highIndex), max(lowIndex, highIndex)]
        }
        for i in values.indices {
            let c = Int((x(i) * 2).rounded(.down))
            if c != column {
                flush()
                column = c
                lowIndex = i
                highIndex = i
            } else {
                if values[i] < values[lowIndex] { lowIndex = i }
                if values[i] > values[highIndex] { highIndex = i }
            }
        }
        flush()
        if let last = values.indices.last, !(kept.last.map { endsAt($0, last) } ?? false) { kept.append(last) }
        return kept
    }
}
