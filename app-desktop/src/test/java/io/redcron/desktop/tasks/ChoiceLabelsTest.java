package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.Messages;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** Every choice of the editor reads as words with a line of help, in English and in Chinese. */
class ChoiceLabelsTest {
    private static final Messages ENGLISH = new Messages(Locale.ENGLISH);
    private static final Messages CHINESE = new Messages(Locale.SIMPLIFIED_CHINESE);

    @Test
    void everyChoiceHasALabelAndAHelpLineInBothLanguages() {
        List<Function<Messages, ChoiceLabels<?>>> all = List.of(ChoiceLabels::types, ChoiceLabels::misfire,
                ChoiceLabels::concurrency, ChoiceLabels::redirects, ChoiceLabels::dialects);
        for (Function<Messages, ChoiceLabels<?>> choices : all) {
            check(choices.apply(ENGLISH), choices.apply(CHINESE));
        }
    }

    private static <T> void check(ChoiceLabels<T> english, ChoiceLabels<?> chinese) {
        @SuppressWarnings("unchecked")
        ChoiceLabels<T> zh = (ChoiceLabels<T>) chinese;
        assertThat(english.values()).isNotEmpty();
        for (T value : english.values()) {
            String constant = value instanceof Enum<?> e ? e.name() : value.toString();
            assertThat(english.label(value)).as(constant).isNotBlank().doesNotStartWith("editor.")
                    .isNotEqualTo(constant);
            assertThat(english.help(value)).as(constant).doesNotStartWith("editor.").hasSizeGreaterThan(20);
            assertThat(zh.label(value)).as(constant).isNotBlank().doesNotStartWith("editor.")
                    .isNotEqualTo(english.label(value));
            assertThat(zh.help(value)).as(constant).doesNotStartWith("editor.").isNotEqualTo(english.help(value));
        }
    }

    @Test
    void theConstantsReadAsWords() {
        assertThat(ChoiceLabels.misfire(ENGLISH).label(io.redcron.domain.MisfirePolicy.FIRE_ONCE)).isEqualTo("Run once");
        assertThat(ChoiceLabels.concurrency(ENGLISH).help(io.redcron.domain.ConcurrencyPolicy.FORBID))
                .isEqualTo("A fire that finds a run still going is recorded as skipped.");
        assertThat(ChoiceLabels.types(CHINESE).label(io.redcron.domain.TaskType.SHELL)).isEqualTo("Shell 命令");
        assertThat(ChoiceLabels.types(ENGLISH).label(null)).isEmpty();
    }
}
