package io.redcron.bench;

/**
 * One measured figure. {@code variant} says under which load (for example "2 nodes" or "1000
 * fires/s"); {@code note} carries anything a reader must know to trust the number.
 */
public record Result(String scenario, String scheduler, String variant, String metric, double value, String unit,
                     String note) {

    public Result {
        note = note == null ? "" : note;
    }

    public Result(String scenario, String scheduler, String variant, String metric, double value, String unit) {
        this(scenario, scheduler, variant, metric, value, unit, "");
    }

    public boolean is(String scenario, String scheduler, String variant, String metric) {
        return this.scenario.equals(scenario) && this.scheduler.equals(scheduler) && this.variant.equals(variant)
                && this.metric.equals(metric);
    }
}
