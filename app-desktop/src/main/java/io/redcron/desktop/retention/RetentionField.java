package io.redcron.desktop.retention;

import io.redcron.domain.RetentionPolicy;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The fields of a retention policy as the form shows them, each with the name the domain gives it
 * at the start of its errors ("keep-last: must be …") and the bounds it accepts.
 */
public enum RetentionField {
    SUCCEEDED("succeeded", "succeeded", true, RetentionPolicy.MIN_DAYS, RetentionPolicy.MAX_DAYS),
    FAILED("failed", "failed", true, RetentionPolicy.MIN_DAYS, RetentionPolicy.MAX_DAYS),
    KEEP_LAST("keepLast", "keep-last", false, 0, RetentionPolicy.MAX_KEEP_LAST),
    OUTPUT("output", "output", true, RetentionPolicy.MIN_DAYS, RetentionPolicy.MAX_DAYS),
    AUDIT("audit", "audit", true, RetentionPolicy.MIN_AUDIT_DAYS, RetentionPolicy.MAX_DAYS);

    private final String id;
    private final String domainName;
    private final boolean days;
    private final int min;
    private final int max;

    RetentionField(String id, String domainName, boolean days, int min, int max) {
        this.id = id;
        this.domainName = domainName;
        this.days = days;
        this.min = min;
        this.max = max;
    }

    /** The fields of a namespace's policy. */
    public static List<RetentionField> ofNamespace() {
        return List.of(values());
    }

    /** The fields a task may set: audit is kept per namespace. */
    public static List<RetentionField> ofTask() {
        return List.of(SUCCEEDED, FAILED, KEEP_LAST, OUTPUT);
    }

    /** The field an error of the domain names at its start, if any. */
    static Optional<RetentionField> named(String domainName) {
        return Arrays.stream(values()).filter(field -> field.domainName.equals(domainName)).findFirst();
    }

    /** How the view names its controls: {@code succeededValue}, {@code succeededForever}, … */
    public String id() {
        return id;
    }

    /** An age in days, which may be forever; otherwise a count of runs. */
    public boolean isDays() {
        return days;
    }

    int min() {
        return min;
    }

    int max() {
        return max;
    }

    /** The message key of the field's words on the form. */
    public String labelKey() {
        return "retention.field." + id;
    }

    public Integer of(RetentionPolicy policy) {
        return switch (this) {
            case SUCCEEDED -> policy.succeededDays();
            case FAILED -> policy.failedDays();
            case KEEP_LAST -> policy.keepLast();
            case OUTPUT -> policy.outputDays();
            case AUDIT -> policy.auditDays();
        };
    }

    /**
     * A policy that sets this field alone: the domain checks the value as it would in a whole
     * policy, and a change built of it leaves every other field as it is.
     *
     * @throws IllegalArgumentException naming the field, when the value is out of its bounds
     */
    RetentionPolicy alone(Integer value) {
        return with(RetentionPolicy.INHERIT, value);
    }

    /** {@code policy} with this field set to {@code value} (null: left open). */
    RetentionPolicy with(RetentionPolicy policy, Integer value) {
        return new RetentionPolicy(this == SUCCEEDED ? value : policy.succeededDays(),
                this == FAILED ? value : policy.failedDays(), this == KEEP_LAST ? value : policy.keepLast(),
                this == OUTPUT ? value : policy.outputDays(), this == AUDIT ? value : policy.auditDays());
    }
}
