package io.redcron.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import io.redcron.port.AuditEntry;
import io.redcron.port.AuditLog;
import io.redcron.port.MaintenanceWindows;
import io.redcron.port.PageRequest;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** What every {@link MaintenanceWindows} must do; one subclass per backend. Each test has a namespace of its own. */
public abstract class MaintenanceWindowsContract {
    private static final Instant NOW = Instant.parse("2030-03-01T12:00:00Z");

    protected final ManualClock clock = new ManualClock(NOW);
    protected MaintenanceWindows windows;
    protected AuditLog audit;
    protected String ns;

    protected abstract void openStores(Clock clock);

    @BeforeEach
    void setUpContract() {
        openStores(clock);
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void aWindowWithoutAStartStartsNowAndLastsUntilResumed() {
        MaintenanceWindow opened = windows.open(ns, request(null, null, null), "alice");

        assertThat(opened.from()).isEqualTo(NOW);
        assertThat(opened.until()).isNull();
        assertThat(opened.createdBy()).isEqualTo("alice");
        assertThat(windows.get(ns, opened.id())).contains(opened);
        assertThat(windows.current(ns)).containsExactly(opened);
        assertThat(windows.get(TaskFixtures.freshNamespace(), opened.id())).as("another namespace").isEmpty();

        clock.advance(Duration.ofMinutes(5));
        assertThat(windows.resume(ns, opened.id(), "bob")).isTrue();
        assertThat(windows.resume(ns, opened.id(), "bob")).as("over already").isFalse();

        MaintenanceWindow resumed = windows.get(ns, opened.id()).orElseThrow();
        assertThat(resumed.resumedAt()).isEqualTo(NOW.plus(Duration.ofMinutes(5)));
        assertThat(resumed.resumedBy()).isEqualTo("bob");
        assertThat(resumed.isOverAt(clock.instant())).isTrue();
        assertThat(windows.current(ns)).isEmpty();
    }

    @Test
    void aGroupWindowBetweenTwoTimesIsCurrentUntilItsEnd() {
        Instant from = NOW.plus(Duration.ofHours(1));
        Instant until = NOW.plus(Duration.ofHours(3));
        MaintenanceWindow opened = windows.open(ns, request("gpu", from, until), "alice");

        assertThat(opened.group()).isEqualTo("gpu");
        assertThat(opened.covers("gpu")).isTrue();
        assertThat(opened.covers("default")).isFalse();
        assertThat(opened.isActiveAt(NOW)).as("not begun").isFalse();
        assertThat(windows.current(ns)).containsExactly(opened);

        clock.set(until);
        assertThat(windows.current(ns)).as("ended by itself").isEmpty();
        assertThat(windows.resume(ns, opened.id(), "bob")).as("over already").isFalse();
        assertThat(windows.relevant(ns, until.minusSeconds(1))).containsExactly(opened);
        assertThat(windows.relevant(ns, until)).isEmpty();
    }

    @Test
    void resumedEarlyAWindowEndsWhenResumed() {
        MaintenanceWindow opened = windows.open(ns, request(null, null, NOW.plus(Duration.ofHours(2))), "alice");
        clock.advance(Duration.ofMinutes(30));
        windows.resume(ns, opened.id(), "bob");

        MaintenanceWindow resumed = windows.get(ns, opened.id()).orElseThrow();
        assertThat(resumed.end()).isEqualTo(NOW.plus(Duration.ofMinutes(30)));
        assertThat(windows.relevant(ns, NOW.plus(Duration.ofMinutes(29)))).containsExactly(resumed);
        assertThat(windows.relevant(ns, NOW.plus(Duration.ofMinutes(30)))).isEmpty();
    }

    @Test
    void aWindowCannotStartOrEndInThePast() {
        assertThatThrownBy(() -> windows.open(ns, request(null, NOW.minus(Duration.ofMinutes(1)), null), "alice"))
                .isInstanceOf(InvalidTaskException.class).hasMessageContaining("from");
        assertThatThrownBy(() -> windows.open(ns, request(null, null, NOW.minus(Duration.ofMinutes(1))), "alice"))
                .isInstanceOf(InvalidTaskException.class).hasMessageContaining("until");
        assertThat(windows.recent(ns, 10)).as("nothing opened").isEmpty();
    }

    @Test
    void recentListsNewestFirstAndEveryChangeIsAudited() {
        MaintenanceWindow first = windows.open(ns, request(null, null, null), "alice");
        MaintenanceWindow second = windows.open(ns, request("gpu", null, null), "alice");
        windows.resume(ns, first.id(), "bob");

        assertThat(windows.recent(ns, 10)).extracting(MaintenanceWindow::id).containsExactly(second.id(), first.id());
        assertThat(windows.recent(ns, 1)).extracting(MaintenanceWindow::id).containsExactly(second.id());
        assertThat(audit.list(ns, "window:" + first.id(), PageRequest.first(10)).items())
                .extracting(AuditEntry::action).containsExactlyInAnyOrder("window.open", "window.resume");
        assertThat(audit.list(ns, "window:" + second.id(), PageRequest.first(10)).items())
                .extracting(AuditEntry::actor).containsExactly("alice");
    }

    private static MaintenanceWindow.Request request(String group, Instant from, Instant until) {
        return new MaintenanceWindow.Request(group, from, until, MisfirePolicy.SKIP, "database upgrade");
    }
}
