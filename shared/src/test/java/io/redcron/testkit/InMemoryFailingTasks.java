package io.redcron.testkit;

import io.redcron.port.FailingTasks;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The failing tasks in the kit's keyspace, settled under its monitor as the Lua script settles them. */
public final class InMemoryFailingTasks implements FailingTasks {
    private final Keyspace keyspace;

    public InMemoryFailingTasks() {
        this(new Keyspace(java.time.Clock.systemUTC()));
    }

    InMemoryFailingTasks(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    @Override
    public List<Recovery> settle(Collection<Failure> failures, Collection<Fire> successes) {
        synchronized (keyspace) {
            for (Failure failure : failures) {
                Failure kept = keyspace.failing.get(failure.fire().taskId());
                if (kept == null || kept.fire().notAfter(failure.fire())) {
                    keyspace.failing.put(failure.fire().taskId(), failure);
                }
            }
            List<Recovery> recovered = new ArrayList<>();
            for (Fire success : successes) {
                Failure kept = keyspace.failing.get(success.taskId());
                if (kept != null && kept.fire().notAfter(success)) {
                    keyspace.failing.remove(success.taskId());
                    recovered.add(new Recovery(success, kept));
                }
            }
            return recovered;
        }
    }
}
