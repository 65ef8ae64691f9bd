package io.redcron.desktop.dashboard;

/**
 * A figure as a cell shows it ("4.2 s", "×6.2 its median") and as its column sorts it (by the
 * number): sorting the text would put "10 s" before "9 s". A cell shows {@link #toString()}.
 *
 * @param order what the column sorts by; {@link #NONE} sorts below every figure
 */
public record Shown(double order, String text) implements Comparable<Shown> {
    static final Shown NONE = new Shown(Double.NEGATIVE_INFINITY, DashboardViewModel.NONE);

    @Override
    public int compareTo(Shown other) {
        return Double.compare(order, other.order);
    }

    @Override
    public String toString() {
        return text;
    }
}
