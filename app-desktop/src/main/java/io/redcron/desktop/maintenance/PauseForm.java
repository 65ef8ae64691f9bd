package io.redcron.desktop.maintenance;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.Durations;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.EnumMap;
import java.util.Map;

/**
 * What the Pause dialog's entries come to: the window asked for, or an error at each field that
 * cannot be taken, in the dialog's words. The domain checks every value ({@link
 * MaintenanceWindow.Request} and its {@code startingBy}); its errors name a field, which is mapped
 * to the field on the form.
 */
final class PauseForm {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("H:mm[:ss]");
    /** A value the domain accepts, to check one field of a request at a time. */
    private static final String ANY_REASON = "checking one field";

    private PauseForm() {
    }

    /**
     * The dialog as filled in. Dates and times are read in the zone the app shows times in.
     *
     * @param group     the routing group; ignored when the whole namespace is paused
     * @param startNow  starts now; otherwise at {@code fromDate} {@code fromTime}
     * @param length    with {@link PauseEnd#AFTER}: "2h", "30m"
     */
    record Entry(boolean wholeNamespace, String group, boolean startNow, LocalDate fromDate, String fromTime,
                 PauseEnd end, LocalDate untilDate, String untilTime, String length, MisfirePolicy onResume,
                 String reason) {
    }

    /** The request to send (its start null for now), or the errors by field; never both. */
    record Reading(MaintenanceWindow.Request request, Map<PauseField, String> errors) {
        boolean ok() {
            return errors.isEmpty();
        }
    }

    /** @param now the time "now" and "after 2h" count from; the store checks the times again against its own */
    static Reading read(Entry entry, ZoneId zone, Instant now, Messages messages) {
        Map<PauseField, String> errors = new EnumMap<>(PauseField.class);
        String group = null;
        if (!entry.wholeNamespace()) {
            group = entry.group() == null ? "" : entry.group().strip();
            if (group.isEmpty()) {
                errors.put(PauseField.GROUP, messages.get("maintenance.error.groupEmpty"));
            } else {
                check(errors, messages, group, null, null, ANY_REASON);
            }
        }
        check(errors, messages, null, null, null, entry.reason());
        if (entry.onResume() == null) {
            errors.put(PauseField.ON_RESUME, messages.get("maintenance.error.policy"));
        }
        Instant from = entry.startNow() ? null
                : at(PauseField.FROM, "maintenance.field.from", entry.fromDate(), entry.fromTime(), zone, errors, messages);
        Instant until = null;
        if (entry.end() == PauseEnd.AT) {
            until = at(PauseField.UNTIL, "maintenance.field.until", entry.untilDate(), entry.untilTime(), zone, errors,
                    messages);
        } else if (entry.end() == PauseEnd.AFTER) {
            try {
                until = (from == null ? now : from).plus(Durations.parse("until", entry.length()));
            } catch (InvalidTaskException e) {
                errors.put(PauseField.UNTIL, messages.get("maintenance.error.length",
                        entry.length() == null ? "" : entry.length().strip()));
            }
        }
        if (!errors.containsKey(PauseField.FROM) && !errors.containsKey(PauseField.UNTIL)) {
            try {
                new MaintenanceWindow.Request(null, from, until, MisfirePolicy.SKIP, ANY_REASON).startingBy(now);
            } catch (InvalidTaskException e) {
                put(errors, e, messages);
            }
        }
        if (!errors.isEmpty()) {
            return new Reading(null, Map.copyOf(errors));
        }
        return new Reading(new MaintenanceWindow.Request(group, from, until, entry.onResume(), entry.reason()), Map.of());
    }

    /** Checks the values given with the domain's own rules, each error at its field. */
    private static void check(Map<PauseField, String> errors, Messages messages, String group, Instant from,
                              Instant until, String reason) {
        try {
            new MaintenanceWindow.Request(group, from, until, MisfirePolicy.SKIP, reason);
        } catch (InvalidTaskException e) {
            put(errors, e, messages);
        }
    }

    private static void put(Map<PauseField, String> errors, InvalidTaskException error, Messages messages) {
        FieldError at = error(error, messages);
        if (at.field() != null) {
            errors.putIfAbsent(at.field(), at.message());
        }
    }

    private static Instant at(PauseField field, String labelKey, LocalDate date, String time, ZoneId zone,
                              Map<PauseField, String> errors, Messages messages) {
        String label = messages.get(labelKey);
        if (date == null) {
            errors.put(field, messages.get("maintenance.error.date", label));
            return null;
        }
        String typed = time == null ? "" : time.strip();
        try {
            return ZonedDateTime.of(date, LocalTime.parse(typed, TIME), zone).toInstant();
        } catch (DateTimeParseException e) {
            errors.put(field, messages.get("maintenance.error.time", label, typed));
            return null;
        }
    }

    /** An error line and the field it belongs to; the field is null when the error is about none of the form's. */
    record FieldError(PauseField field, String message) {
    }

    /**
     * The domain's or the store's error in the dialog's words, at its field: "until: must be after
     * the start (…), got …" becomes "End: must be after the start." An error naming no field of the
     * form is shown as it is.
     */
    static FieldError error(InvalidTaskException error, Messages messages) {
        PauseField field = PauseField.named(error.field()).orElse(null);
        if (field == null) {
            return new FieldError(null, error.getMessage());
        }
        String text = error.getMessage();
        return new FieldError(field, switch (field) {
            case GROUP -> messages.get("maintenance.error.group", text.replaceFirst(".*got '(.*)'$", "$1"));
            case FROM -> messages.get("maintenance.error.past");
            case UNTIL -> messages.get("maintenance.error.endBeforeStart");
            case ON_RESUME -> messages.get("maintenance.error.policy");
            case REASON -> text.contains("is required") ? messages.get("maintenance.error.reason")
                    : messages.get("maintenance.error.reasonLong", MaintenanceWindow.Request.MAX_REASON);
        });
    }
}
