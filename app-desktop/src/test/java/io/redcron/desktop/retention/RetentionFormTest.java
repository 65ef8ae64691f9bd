package io.redcron.desktop.retention;

import io.redcron.desktop.retention.RetentionForm.Entry;
import io.redcron.desktop.retention.RetentionForm.Reading;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The retention form's entries read into a policy, and the domain's errors put at their fields. */
class RetentionFormTest {
    private static final Messages ENGLISH = new Messages(Locale.ENGLISH);
    private static final Messages CHINESE = new Messages(Locale.SIMPLIFIED_CHINESE);

    @Test
    void eachErrorOfTheDomainIsShownAtItsFieldInTheFormsWords() {
        assertThat(RetentionForm.error(thrown(() -> new RetentionPolicy(-3, null, null, null, null)), ENGLISH))
                .isEqualTo(new RetentionForm.FieldError(RetentionField.SUCCEEDED,
                        "Runs without failure: from 1 to 36,500 days, or forever."));
        assertThat(RetentionForm.error(thrown(() -> new RetentionPolicy(null, null, -1, null, null)), ENGLISH))
                .isEqualTo(new RetentionForm.FieldError(RetentionField.KEEP_LAST, "Keep last: from 0 to 100,000 runs."));
        assertThat(RetentionForm.error(thrown(() -> new RetentionPolicy(null, null, null, null, 7)), ENGLISH))
                .isEqualTo(new RetentionForm.FieldError(RetentionField.AUDIT,
                        "Audit entries: from 30 to 36,500 days, or forever."));
        assertThat(RetentionForm.error(new IllegalArgumentException("audit: audit is kept per namespace, not per task"),
                ENGLISH)).isEqualTo(new RetentionForm.FieldError(RetentionField.AUDIT,
                        "Audit entries: kept per namespace, not per task."));
        assertThat(RetentionForm.error(thrown(() -> new RetentionPolicy(null, 0, null, 40_000, null)), CHINESE))
                .isEqualTo(new RetentionForm.FieldError(RetentionField.OUTPUT,
                        "\u8f93\u51fa\uff1a\u987b\u4e3a 1 \u5230 36,500 \u5929\uff0c\u6216\u6c38\u4e45\u3002"));
    }

    @Test
    void anErrorNamingNoFieldOfTheFormIsShownAsItIs() {
        assertThat(RetentionForm.error(new IllegalArgumentException("actor: every change needs a name"), ENGLISH))
                .isEqualTo(new RetentionForm.FieldError(null, "actor: every change needs a name"));
    }

    @Test
    void entriesComeToAPolicyForeverAsZeroAndAFollowingFieldLeftOpen() {
        Map<RetentionField, Entry> entries = new LinkedHashMap<>();
        entries.put(RetentionField.SUCCEEDED, new Entry(false, false, " 14 "));
        entries.put(RetentionField.FAILED, new Entry(false, true, "90"));
        entries.put(RetentionField.KEEP_LAST, new Entry(true, false, "10"));
        entries.put(RetentionField.OUTPUT, new Entry(false, false, "7"));

        Reading reading = RetentionForm.read(entries, ENGLISH);

        assertThat(reading.ok()).isTrue();
        assertThat(reading.policy()).isEqualTo(new RetentionPolicy(14, 0, null, 7, null));
    }

    @Test
    void everyWrongFieldHasItsOwnErrorAndNoPolicyComesOfThem() {
        Map<RetentionField, Entry> entries = new LinkedHashMap<>();
        entries.put(RetentionField.SUCCEEDED, new Entry(false, false, "two weeks"));
        entries.put(RetentionField.FAILED, new Entry(false, false, ""));
        entries.put(RetentionField.KEEP_LAST, new Entry(false, false, "-1"));
        entries.put(RetentionField.OUTPUT, new Entry(false, false, "30"));
        entries.put(RetentionField.AUDIT, new Entry(false, false, "7"));

        Reading reading = RetentionForm.read(entries, ENGLISH);

        assertThat(reading.policy()).isNull();
        assertThat(reading.errors()).containsOnly(
                Map.entry(RetentionField.SUCCEEDED, "Runs without failure: 'two weeks' is not a whole number."),
                Map.entry(RetentionField.FAILED, "Failed runs: give a number of days, or choose forever."),
                Map.entry(RetentionField.KEEP_LAST, "Keep last: from 0 to 100,000 runs."),
                Map.entry(RetentionField.AUDIT, "Audit entries: from 30 to 36,500 days, or forever."));
    }

    @Test
    void aChangeHoldsOnlyTheFieldsThatChangedAndAFieldBackToTheNamespaceAsksForAClear() {
        List<RetentionField> fields = RetentionField.ofTask();
        RetentionPolicy shown = new RetentionPolicy(7, null, 50, null, null);

        assertThat(RetentionForm.change(fields, shown, new RetentionPolicy(7, 365, 50, null, null)))
                .isEqualTo(new RetentionPolicy(null, 365, null, null, null));
        assertThat(RetentionForm.followsAgain(fields, shown, new RetentionPolicy(7, 365, 50, null, null))).isFalse();
        assertThat(RetentionForm.followsAgain(fields, shown, new RetentionPolicy(null, null, 50, null, null))).isTrue();
        assertThat(RetentionForm.change(fields, shown, shown).inheritsEverything()).isTrue();
    }

    private static IllegalArgumentException thrown(Runnable invalid) {
        try {
            invalid.run();
        } catch (IllegalArgumentException e) {
            return e;
        }
        assertThatThrownBy(invalid::run).as("the domain refuses it").isInstanceOf(IllegalArgumentException.class);
        throw new AssertionError("not refused");
    }
}
