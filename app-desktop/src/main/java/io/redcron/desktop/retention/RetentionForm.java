package io.redcron.desktop.retention;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.RetentionPolicy;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the retention form's entries come to: the policy they ask for, or an error at each field
 * that cannot be taken, in the form's words. The domain checks every value; its errors start with
 * the field's name, which is mapped to the field on the form.
 */
final class RetentionForm {
    private RetentionForm() {
    }

    /**
     * One field as entered.
     *
     * @param follow  a task's field takes its namespace's value
     * @param forever an age that never runs out
     * @param text    the number typed, read when neither of the above
     */
    record Entry(boolean follow, boolean forever, String text) {
        /** The entry that shows {@code value}: null follows, 0 of an age is forever. */
        static Entry of(RetentionField field, Integer value) {
            if (value == null) {
                return new Entry(true, false, "");
            }
            boolean forever = field.isDays() && value == RetentionPolicy.FOREVER;
            return new Entry(false, forever, forever ? "" : Integer.toString(value));
        }
    }

    /** The policy asked for (fields that follow left null), or the errors by field; never both. */
    record Reading(RetentionPolicy policy, Map<RetentionField, String> errors) {
        boolean ok() {
            return errors.isEmpty();
        }
    }

    /** An error line and the field it belongs to; null when it is about no field of the form. */
    record FieldError(RetentionField field, String message) {
    }

    static Reading read(Map<RetentionField, Entry> entries, Messages messages) {
        RetentionPolicy policy = RetentionPolicy.INHERIT;
        Map<RetentionField, String> errors = new EnumMap<>(RetentionField.class);
        for (Map.Entry<RetentionField, Entry> each : entries.entrySet()) {
            RetentionField field = each.getKey();
            Entry entry = each.getValue();
            String label = messages.get(field.labelKey());
            Integer value;
            if (entry.follow()) {
                value = null;
            } else if (entry.forever() && field.isDays()) {
                value = RetentionPolicy.FOREVER;
            } else if (entry.text() == null || entry.text().isBlank()) {
                errors.put(field, messages.get(field.isDays() ? "retention.error.emptyDays" : "retention.error.empty",
                        label));
                continue;
            } else {
                try {
                    value = Integer.valueOf(entry.text().strip());
                } catch (NumberFormatException e) {
                    errors.put(field, messages.get("retention.error.number", label, entry.text().strip()));
                    continue;
                }
            }
            try {
                field.alone(value);
            } catch (IllegalArgumentException e) {
                errors.put(field, error(e, messages).message());
                continue;
            }
            policy = field.with(policy, value);
        }
        return errors.isEmpty() ? new Reading(policy, Map.of()) : new Reading(null, Map.copyOf(errors));
    }

    /**
     * The domain's error in the form's words, at its field: "keep-last: must be 0-100000 runs, got
     * -1" becomes "Keep last: from 0 to 100,000 runs." An error naming no field of the form is
     * shown as it is.
     */
    static FieldError error(IllegalArgumentException error, Messages messages) {
        String text = error.getMessage() == null ? "" : error.getMessage();
        int colon = text.indexOf(':');
        RetentionField field = colon < 0 ? null : RetentionField.named(text.substring(0, colon)).orElse(null);
        if (field == null) {
            return new FieldError(null, text);
        }
        String label = messages.get(field.labelKey());
        if (text.contains("per namespace")) {
            return new FieldError(field, messages.get("retention.error.notPerTask", label));
        }
        return new FieldError(field, messages.get(field.isDays() ? "retention.error.days" : "retention.error.runs",
                label, field.min(), field.max()));
    }

    /**
     * The change that turns what was shown into what is asked for: the fields whose entry changed,
     * each set to its new value. A field that now follows is left out: see {@link #followsAgain}.
     */
    static RetentionPolicy change(List<RetentionField> fields, RetentionPolicy shown, RetentionPolicy wanted) {
        RetentionPolicy change = RetentionPolicy.INHERIT;
        for (RetentionField field : fields) {
            Integer now = field.of(wanted);
            if (now != null && !now.equals(field.of(shown))) {
                change = field.with(change, now);
            }
        }
        return change;
    }

    /** Whether a field the task set now follows its namespace: a change cannot say that, only a clear. */
    static boolean followsAgain(List<RetentionField> fields, RetentionPolicy shown, RetentionPolicy wanted) {
        return fields.stream().anyMatch(field -> field.of(shown) != null && field.of(wanted) == null);
    }
}
