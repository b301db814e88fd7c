import FlickOutput
import Testing

/// The one number formatter: each form keeps the rounding its callers had before they shared it.
@Suite("Numbers as text: fixed, short and significant")
struct NumberTextTests {
    @Test("fixed writes exactly the decimals asked for, as %.Nf, and can drop a negative zero")
    func fixed() {
        #expect(NumberText.fixed(12.5, digits: 2) == "12.50")
        #expect(NumberText.fixed(2.5, digits: 0) == "2")
        #expect(NumberText.fixed(-0.0001, digits: 2) == "-0.00")
        #expect(NumberText.fixed(-0.0001, digits: 2, negativeZero: false) == "0.00")
        #expect(NumberText.fixed(-0.5, digits: 2, negativeZero: false) == "-0.50")
    }

    @Test("short drops trailing zeros, a bare point and a negative zero")
    func short() {
        #expect(NumberText.short(12.5, digits: 6) == "12.5")
        #expect(NumberText.short(3, digits: 1) == "3")
        #expect(NumberText.short(-3, digits: 1) == "-3")
        #expect(NumberText.short(-0.00000001, digits: 6) == "0")
        #expect(NumberText.short(1e15, digits: 6) == "1000000000000000")
        #expect(NumberText.short(0.1234567, digits: 6) == "0.123457")
        // No decimals: nothing is trimmed from a whole number.
        #expect(NumberText.short(120, digits: 0) == "120")
    }

    @Test("short rounds ties away from zero before printing, or leaves the rounding to %.Nf")
    func rounding() {
        // 0.125 is exact in binary: Swift's rounded() goes away from zero, %.2f to even.
        #expect(NumberText.short(0.125, digits: 2) == "0.13")
        #expect(NumberText.short(0.125, digits: 2, rounding: .printf) == "0.12")
        #expect(NumberText.short(-0.125, digits: 2) == "-0.13")
        #expect(NumberText.short(2.5, digits: 0) == "3")
        #expect(NumberText.short(2.5, digits: 0, rounding: .printf) == "2")
    }

    @Test("significant writes %.Ng")
    func significant() {
        #expect(NumberText.significant(0.0034123, digits: 2) == "0.0034")
        #expect(NumberText.significant(12.5, digits: 3) == "12.5")
        #expect(NumberText.significant(12345678, digits: 6) == "1.23457e+07")
    }
}
