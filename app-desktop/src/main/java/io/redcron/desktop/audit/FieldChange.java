package io.redcron.desktop.audit;

/**
 * One field of an audited change, as the operator reads it.
 *
 * @param field  its path in the recorded state ({@code retry.maxAttempts}, {@code labels.team})
 * @param before its value before, as text; empty if the field was not there
 * @param after  its value after, as text; empty if the field is gone
 */
public record FieldChange(String field, String before, String after) {
}
