package io.redcron.schedule;

public final class InvalidCronException extends IllegalArgumentException {
    private final CronProblem problem;

    public InvalidCronException(CronProblem problem) {
        super(problem.toString());
        this.problem = problem;
    }

    public CronProblem problem() {
        return problem;
    }
}
