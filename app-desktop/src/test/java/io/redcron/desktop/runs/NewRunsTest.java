package io.redcron.desktop.runs;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
import io.redcron.port.Page;
import io.redcron.port.RunFilter;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class NewRunsTest {
    private static final Instant AT = Instant.parse("2030-01-01T10:00:00Z");

    @Test
    void newRunsAreThoseScheduledLaterAndThoseOfTheSameMomentRecordedLaterNotShown() {
        Run newest = run(10, AT);
        List<Run> sameMoment = List.of(run(12, AT), run(11, AT), newest, run(9, AT));

        NewRuns found = NewRuns.of(new Page<>(List.of(), 5, 0, 1), sameMoment, newest, Set.of(10L, 11L, 9L));

        assertThat(found).isEqualTo(new NewRuns(6, false));
    }

    @Test
    void theCountQueriesKeepTheFilterAndItsTimeWindow() {
        RunFilter filter = RunFilter.all("ns").forTask(7).between(AT.minusSeconds(60), AT.plusSeconds(60));
        Run newest = run(10, AT);

        assertThat(NewRuns.after(filter, newest)).isEqualTo(filter.between(AT.plusMillis(1), AT.plusSeconds(60)));
        assertThat(NewRuns.sameMoment(filter, newest)).isEqualTo(filter.between(AT, AT.plusMillis(1)));
        RunFilter open = RunFilter.all("ns");
        assertThat(NewRuns.after(open, newest)).isEqualTo(open.between(AT.plusMillis(1), null));
    }

    @Test
    void saysHowManyInTheUsersLanguageAndNothingForNone() {
        Messages english = new Messages(Locale.ENGLISH);
        Messages chinese = new Messages(Locale.SIMPLIFIED_CHINESE);

        assertThat(new NewRuns(12, false).text(english)).isEqualTo("12 new runs \u2014");
        assertThat(new NewRuns(1, false).text(english)).isEqualTo("1 new run \u2014");
        assertThat(new NewRuns(10_000, true).text(english)).isEqualTo("At least 10,000 new runs \u2014");
        assertThat(new NewRuns(12, false).text(chinese)).isEqualTo("12 \u6761\u65b0\u8fd0\u884c \u2014");
        assertThat(NewRuns.NONE.text(english)).isEmpty();
    }

    private static Run run(long id, Instant scheduledAt) {
        return new Run(id, 7L, "ns", "task", "default", TriggerType.CRON, scheduledAt, RunStatus.QUEUED, 0, 1, 0, null, null,
                scheduledAt, null, null, null, null, null, Map.of());
    }
}
