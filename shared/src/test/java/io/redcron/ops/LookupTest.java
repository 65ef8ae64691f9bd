package io.redcron.ops;

import io.redcron.domain.Task;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LookupTest {
    private final OpsFixture fixture = new OpsFixture();

    @Test
    void tasksAreMatchedByAPartOfTheirNameWhateverItsCaseAndListedByName() {
        Task nightly = fixture.task("nightly-backup");
        Task weekly = fixture.task("weekly-Backup");
        fixture.task("report");
        fixture.stores.tasks().create(TaskFixtures.shell(fixture.namespace, "described")
                .description("makes a backup").build(), "alice");
        fixture.stores.tasks().create(TaskFixtures.shell(TaskFixtures.freshNamespace(), "other-backup").build(), "alice");

        Lookup.TaskMatches matches = fixture.operations().lookup().tasksNamedLike(" BACKUP ", 10);

        assertThat(matches.tasks()).extracting(Task::name).containsExactly(nightly.name(), weekly.name());
        assertThat(matches.more()).isFalse();
    }

    @Test
    void saysWhenMoreTasksMatchThanAskedFor() {
        for (int i = 0; i < 4; i++) {
            fixture.task("job-" + i);
        }

        Lookup.TaskMatches matches = fixture.operations().lookup().tasksNamedLike("job", 3);

        assertThat(matches.tasks()).extracting(Task::name).containsExactly("job-0", "job-1", "job-2");
        assertThat(matches.more()).isTrue();
    }

    @Test
    void tasksByIdAreThoseOfTheNamespaceOnly() {
        Task mine = fixture.task("mine");
        Task theirs = fixture.stores.tasks().create(TaskFixtures.shell(TaskFixtures.freshNamespace(), "theirs").build(),
                "alice");

        assertThat(fixture.operations().lookup().tasks(List.of(mine.id(), theirs.id(), -1L))).containsOnlyKeys(mine.id());
    }
}
