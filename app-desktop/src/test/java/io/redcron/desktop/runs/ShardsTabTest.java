package io.redcron.desktop.runs;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.TimeDisplay;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Sharding;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.ops.Operations;
import io.redcron.ops.OperatorPorts;
import io.redcron.port.RunOutcome;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The runs screen shows a sharded fire's shards and how far they are. */
class ShardsTabTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00.500Z");
    private static final String NAMESPACE = "desk";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);

    private RunsViewModel model(Locale locale) {
        Messages messages = new Messages(locale, new TimeDisplay(TimeDisplay.Mode.UTC, ZoneOffset.UTC));
        return new RunsViewModel(new Operations(new OperatorPorts(stores.tasks(), stores.runs(), stores.queue(),
                stores.events(), stores.audit(), stores.deadLetters(), stores.liveOutput()), NAMESPACE, "tester", clock),
                stores.runs(), stores.retention(), new Workspace(NAMESPACE, "tester", clock), UiExecutor.direct(), messages,
                ZoneOffset.UTC);
    }

    @Test
    void aParentListsItsShardsWithTheirProgress() {
        Task task = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("fan-out").cron("0 3 * * *")
                .sharding(Sharding.fixed(3)).concurrencyPolicy(ConcurrencyPolicy.ALLOW)
                .payload(new ShellPayload("work.sh", null, Map.of())).build(), "test");
        Run parent = stores.runs().insertManual(task.id(), NOW, 1, Map.of());
        long epoch = stores.epochs().advance(NAMESPACE, "leader");
        List<Run> shards = stores.sharded().split(NAMESPACE, epoch, parent.id(), 3, NOW.plusSeconds(1)).shards();
        Run claimed = stores.runs().claim(shards.get(1).id(), "node-1", NOW, NOW.plusSeconds(60)).orElseThrow();
        stores.runs().complete(claimed.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.FAILED, NOW, 1, "", "exit 1"));
        RunsViewModel model = model(Locale.ENGLISH);
        model.load();

        model.select(model.rows().stream().filter(row -> row.id() == parent.id()).findFirst().orElseThrow());

        assertThat(model.shards()).extracting(RunRow::shard).containsExactly("0 / 3", "1 / 3", "2 / 3");
        assertThat(model.shards().get(1).status()).isEqualTo("Failed");
        assertThat(model.shardsTitleProperty().get()).isEqualTo("Shards: 1 of 3 ended, 1 failed");
        assertThat(model.rows().stream().filter(row -> row.id() == parent.id()).findFirst().orElseThrow().status())
                .isEqualTo("Waiting for its shards");

        model.cancel();
        assertThat(stores.runs().get(shards.get(0).id()).orElseThrow().status()).as("a waiting shard")
                .isEqualTo(RunStatus.CANCELLED);

        model.select(model.rows().stream().filter(row -> row.id() == shards.get(0).id()).findFirst().orElseThrow());
        assertThat(model.shards()).as("a shard has none").isEmpty();
    }
}
