package io.redcron.bench;

import io.redcron.domain.Task;
import io.redcron.domain.TaskPayload;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlTaskStore;
import java.time.Clock;
import javax.sql.DataSource;

/**
 * Families of tasks of one type, each created as {@code task add} creates a task: only the name,
 * the cron (Quartz dialect, to fire every second) and the payload are given, everything else is the
 * store's default (concurrency forbid, timeout one hour, no retries, misfire fire-once, group
 * default). A family is the tasks whose names start with a prefix (copied with {@link RowCopier});
 * its runs are the {@link RedcronData.RunSet} of that prefix.
 */
final class TaskFamilies {
    private final DataSource dataSource;
    private final String namespace;
    private final RedcronData data;

    /** Applies the schema (through {@link RedcronData}) if it is not there yet. */
    TaskFamilies(DataSource dataSource, String namespace) {
        this.dataSource = dataSource;
        this.namespace = namespace;
        this.data = new RedcronData(dataSource, namespace);
    }

    RedcronData data() {
        return data;
    }

    /** Creates {@code size} tasks named {@code prefix…} running {@code payload}. */
    void create(String prefix, String quartzCron, TaskPayload payload, boolean enabled, int size) {
        Task prototype = Task.builder().namespace(namespace).name(prefix).cron(quartzCron).dialect(CronDialect.QUARTZ)
                .payload(payload).enabled(enabled).build();
        data.growFamily(new MysqlTaskStore(dataSource, Clock.systemUTC()).create(prototype, "bench"), size);
    }
}
