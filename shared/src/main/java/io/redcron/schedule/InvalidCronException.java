package io.redcron.schedule;

/** A cron expression that cannot be parsed; the message is {@link CronProblem#toString()}. */
public final class InvalidCronException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient CronProblem problem;

    public InvalidCronException(CronProblem problem) {
        super(problem.toString());
        this.problem = problem;
    }

    static InvalidCronException of(String field, String value, String message) {
        return new InvalidCronException(new CronProblem(field, value, message));
    }

    public CronProblem problem() {
        return problem;
    }
}
