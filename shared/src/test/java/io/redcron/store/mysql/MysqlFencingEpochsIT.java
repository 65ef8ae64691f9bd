package io.redcron.store.mysql;

import static io.redcron.testkit.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.port.FencingEpochs;
import io.redcron.port.FencingEpochs.Epoch;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.LongStream;

class MysqlFencingEpochsIT {
    private static final Instant START = Instant.parse("2030-01-01T10:00:00.123456Z");
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();

    private final MutableClock clock = new MutableClock(START);
    private FencingEpochs epochs;
    private String ns;

    @BeforeEach
    void setUp() {
        epochs = new MysqlFencingEpochs(pool, clock);
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void theFirstLeaderOfANamespaceTakesEpochOneAndEachNextLeaderOneMore() {
        assertThat(epochs.current(ns)).isEmpty();

        assertThat(epochs.advance(ns, "node-a:1")).isEqualTo(1);
        assertThat(epochs.advance(ns, "node-b:2")).isEqualTo(2);
        assertThat(epochs.advance(ns, "node-a:3")).isEqualTo(3);
    }

    @Test
    void theCurrentEpochNamesItsLeaderAndSinceWhen() {
        epochs.advance(ns, "node-a:1");
        assertThat(epochs.current(ns)).contains(new Epoch(1, "node-a:1", Instant.parse("2030-01-01T10:00:00.123Z")));

        clock.advance(Duration.ofMinutes(5));
        epochs.advance(ns, "node-b:2");

        assertThat(epochs.current(ns)).contains(new Epoch(2, "node-b:2", Instant.parse("2030-01-01T10:05:00.123Z")));
    }

    @Test
    void namespacesHaveEpochsOfTheirOwn() {
        String other = TaskFixtures.freshNamespace();
        epochs.advance(ns, "node-a:1");
        epochs.advance(ns, "node-a:2");

        assertThat(epochs.advance(other, "node-b:1")).isEqualTo(1);
        assertThat(epochs.current(ns)).map(Epoch::value).contains(2L);
        assertThat(epochs.current(ns)).map(Epoch::leader).contains("node-a:2");
        assertThat(epochs.current(other)).map(Epoch::leader).contains("node-b:1");
    }

    @Test
    void leadersTakingOverAtOnceEachGetAnEpochOfTheirOwn() throws Exception {
        int leaders = 12;
        List<Callable<Long>> advances = new ArrayList<>();
        for (int i = 0; i < leaders; i++) {
            String leader = "node-" + i;
            advances.add(() -> epochs.advance(ns, leader));
        }

        List<Long> taken = runTogether(advances);

        assertThat(taken).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, leaders).boxed().toList());
        Epoch current = epochs.current(ns).orElseThrow();
        assertThat(current.value()).isEqualTo(leaders);
        assertThat(current.leader()).isEqualTo("node-" + taken.indexOf((long) leaders));
    }

    @Test
    void leadersTakingOverANewNamespaceAtOnceEachGetAnEpochOfTheirOwn() throws Exception {
        for (int round = 0; round < 10; round++) {
            String fresh = TaskFixtures.freshNamespace();
            List<Callable<Long>> advances = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                advances.add(() -> epochs.advance(fresh, "node"));
            }

            assertThat(runTogether(advances)).containsExactlyInAnyOrder(1L, 2L, 3L, 4L);
        }
    }
}
