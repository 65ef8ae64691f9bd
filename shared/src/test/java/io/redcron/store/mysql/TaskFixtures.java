package io.redcron.store.mysql;

import io.redcron.domain.ExecPayload;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** Valid tasks for store tests, each test in a namespace of its own. */
public final class TaskFixtures {
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    private TaskFixtures() {
    }

    /** A namespace no other test (in this JVM or another one on the same server) uses. */
    public static String freshNamespace() {
        return "ns" + NAMESPACES.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static Task.Builder shell(String namespace, String name) {
        return Task.builder()
                .namespace(namespace)
                .name(name)
                .cron("*/5 * * * *")
                .payload(new ShellPayload("echo hello", null, Map.of()));
    }

    public static Task.Builder exec(String namespace, String name) {
        return Task.builder()
                .namespace(namespace)
                .name(name)
                .cron("0 3 * * *")
                .payload(new ExecPayload(List.of("/usr/bin/backup", "--all"), "/var/tmp", Map.of("MODE", "full")));
    }
}
