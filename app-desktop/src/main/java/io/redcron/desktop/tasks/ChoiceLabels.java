package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.TaskType;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The words for one of the editor's choices: a readable name for each value and one line on what
 * choosing it does, instead of the constant the domain stores ({@code FIRE_ONCE}, {@code FORBID}).
 * The keys are {@code <prefix><id>} and {@code <prefix><id>.help}.
 */
final class ChoiceLabels<T> {
    private final Messages messages;
    private final String prefix;
    private final Function<T, String> id;
    private final List<T> values;

    private ChoiceLabels(Messages messages, String prefix, Function<T, String> id, List<T> values) {
        this.messages = messages;
        this.prefix = prefix;
        this.id = id;
        this.values = values;
    }

    static ChoiceLabels<TaskType> types(Messages messages) {
        return new ChoiceLabels<>(messages, "editor.type.", TaskType::id, List.of(TaskType.values()));
    }

    static ChoiceLabels<MisfirePolicy> misfire(Messages messages) {
        return new ChoiceLabels<>(messages, "editor.misfire.", ChoiceLabels::dashed, List.of(MisfirePolicy.values()));
    }

    static ChoiceLabels<ConcurrencyPolicy> concurrency(Messages messages) {
        return new ChoiceLabels<>(messages, "editor.concurrency.", ChoiceLabels::dashed,
                List.of(ConcurrencyPolicy.values()));
    }

    static ChoiceLabels<RedirectPolicy> redirects(Messages messages) {
        return new ChoiceLabels<>(messages, "editor.redirects.", RedirectPolicy::id, List.of(RedirectPolicy.values()));
    }

    /** The dialects as the editor stores them: by their ids. */
    static ChoiceLabels<String> dialects(Messages messages) {
        return new ChoiceLabels<>(messages, "editor.dialect.", Function.identity(), List.of("unix", "quartz", "spring"));
    }

    private static String dashed(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The values to offer, in the order to offer them. */
    List<T> values() {
        return values;
    }

    String label(T value) {
        return value == null ? "" : messages.get(prefix + id.apply(value));
    }

    String help(T value) {
        return value == null ? "" : messages.get(prefix + id.apply(value) + ".help");
    }
}
