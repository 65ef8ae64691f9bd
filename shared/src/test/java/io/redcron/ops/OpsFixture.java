package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.AuditEntry;
import io.redcron.port.PageRequest;
import io.redcron.port.QueueInspector.DeadRun;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Operator actions on in-memory ports, on a clock that moves only when told. */
final class OpsFixture {
    static final String ACTOR = "cli:ann@host";
    static final Instant START = Instant.parse("2026-11-30T09:00:00Z");

    final ManualClock clock = new ManualClock(START);
    final InMemoryStores stores = new InMemoryStores(clock);
    final String namespace = TaskFixtures.freshNamespace();
    RunStore runs = stores.runs();
    RunQueue queue = stores.queue();

    /** The actions on the ports as they are now (swap {@link #runs} or {@link #queue} first to break one). */
    Operations operations() {
        return new Operations(new OperatorPorts(stores.tasks(), runs, queue, stores.events(), stores.audit(),
                stores.deadLetters(), stores.liveOutput()), namespace, ACTOR, clock);
    }

    Task task(String name) {
        return stores.tasks().create(TaskFixtures.shell(namespace, name).params(Map.of("DAY", "mon")).build(), ACTOR);
    }

    Run manualRun(Task task, Map<String, String> params) {
        return stores.runs().insertManual(task.id(), clock.instant(), task.retry().maxAttempts(), params);
    }

    Run running(Run run) {
        return stores.runs().claim(run.id(), "node-a", clock.instant(), clock.instant().plus(Duration.ofMinutes(5)))
                .orElseThrow();
    }

    Run ended(Run run, RunStatus status) {
        Run claimed = running(run);
        stores.runs().complete(run.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, clock.instant(), 1, "out", status == RunStatus.SUCCEEDED ? null : "exit 1"));
        return stores.runs().get(run.id()).orElseThrow();
    }

    /** A run that failed for good and its entry in the dead list, as a worker leaves them. */
    DeadRun dead(Run run) {
        Run failed = ended(run, RunStatus.FAILED);
        stores.queue().dead(QueuedRun.of(failed.group(), failed.id()), "exit 1", clock.instant());
        return stores.deadLetters().recent(1).get(0);
    }

    Set<Long> waiting(String group) {
        return stores.queue().waiting(group, 100);
    }

    List<AuditEntry> audit(String subject) {
        return stores.audit().list(namespace, subject, PageRequest.first(50)).items();
    }

    /**
     * The port with {@code method} failing as a store that cannot be reached does; {@code before}
     * runs first, so a test can see what had happened by then.
     */
    static <T> T failing(Class<T> type, T real, String method, Runnable before) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, m, args) -> {
            if (m.getName().equals(method)) {
                before.run();
                throw new IllegalStateException(method + " failed: store unreachable");
            }
            try {
                return m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }));
    }
}
