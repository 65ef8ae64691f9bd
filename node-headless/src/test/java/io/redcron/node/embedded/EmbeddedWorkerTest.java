package io.redcron.node.embedded;

import io.redcron.config.ConfigException;
import io.redcron.domain.TaskType;
import io.redcron.handler.TaskHandler;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What an embedded worker is built from, checked before it connects to anything. */
class EmbeddedWorkerTest {
    private static final TaskHandler REPORT = new Named("report");

    @Test
    void itIsAWorkerOfOneGroupThatRunsJavaTasksUnlessItsSettingsSayMore() {
        EmbeddedWorker worker = EmbeddedWorker.builder().group("reports").handler(REPORT)
                .settings(Map.of("node.id", "reports-app", "node.namespace", "shop")).slots(3)
                .drainTimeout(Duration.ofSeconds(12)).build();

        assertThat(worker.nodeId()).isEqualTo("reports-app");
        assertThat(worker.group()).isEqualTo("reports");
        assertThat(worker.namespaces()).containsExactly("shop");
        assertThat(worker.types()).containsExactly(TaskType.JAVA);
        assertThat(worker.handlerNames()).containsExactly("report");
        assertThat(worker.drainTimeout()).isEqualTo(Duration.ofSeconds(12));
        assertThat(worker.isRunning()).isFalse();
        worker.close();
        assertThatThrownBy(worker::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");

        EmbeddedWorker wider = EmbeddedWorker.builder().group("reports").setting("worker.types", "java,http").build();
        assertThat(wider.types()).isEqualTo(Set.of(TaskType.JAVA, TaskType.HTTP));
    }

    @Test
    void passwordsAreTakenAsSettingsThoughANodeReadsThemOnlyFromFilesOrItsEnvironment() {
        EmbeddedWorker worker = EmbeddedWorker.builder().group("reports")
                .settings(Map.of("mysql.password", "s3cret", "redis.password", "other")).build();

        assertThat(worker.group()).isEqualTo("reports");
    }

    @Test
    void theRolesAndTheGroupAreItsOwn() {
        assertThatThrownBy(() -> EmbeddedWorker.builder().build())
                .hasMessage("An embedded worker needs its routing group: call group(...)");
        assertThatThrownBy(() -> EmbeddedWorker.builder().group("a").setting("node.roles", "scheduler,worker").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("node.roles: an embedded worker");
        assertThatThrownBy(() -> EmbeddedWorker.builder().group("a").setting("node.groups", "b").build())
                .hasMessageStartingWith("node.groups: an embedded worker");
        assertThatThrownBy(() -> EmbeddedWorker.builder().group("a,b").build())
                .hasMessage("node.groups: an embedded worker serves one group, not 'a,b'");
        assertThatThrownBy(() -> EmbeddedWorker.builder().group("no group").build())
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void handlersNeedAWorkerThatRunsJavaTasksAndNamesATaskCanUse() {
        assertThatThrownBy(() -> EmbeddedWorker.builder().group("a").handler(REPORT).setting("worker.types", "http")
                .build()).hasMessage("worker.types: handlers were given, but the worker does not run java tasks (http)");
        assertThatThrownBy(() -> EmbeddedWorker.builder().handler(new Named("two words")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Task handler named two words has no name a task can use: handler: 'two words'");
    }

    private record Named(String name) implements TaskHandler {
        @Override
        public void run(io.redcron.handler.TaskContext context) {
        }

        @Override
        public String toString() {
            return "named " + name;
        }
    }
}
