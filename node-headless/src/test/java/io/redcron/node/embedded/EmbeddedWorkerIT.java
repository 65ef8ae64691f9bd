package io.redcron.node.embedded;

import io.redcron.client.RedcronClient;
import io.redcron.client.ScheduleRequest;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.handler.TaskContext;
import io.redcron.handler.TaskHandler;
import io.redcron.node.engine.TestCluster;
import io.redcron.schedule.CronDialect;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisNodeRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * An application's worker in its own JVM, beside a scheduler node: it runs the application's
 * handler objects for the runs of its group, runs nothing else by default, and on close lets the
 * run it is inside finish before it leaves.
 */
class EmbeddedWorkerIT {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String GROUP = "billing";

    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    private final Invoices invoices = new Invoices();
    private EmbeddedWorker worker;

    @BeforeEach
    void startScheduler() {
        cluster.start("scheduler", Map.of("node.roles", "scheduler"));
    }

    @AfterEach
    void closeWorker() {
        invoices.release.countDown();
        if (worker != null) {
            worker.close();
        }
    }

    private EmbeddedWorker start() {
        worker = start("billing-app", Duration.ofSeconds(20), invoices);
        return worker;
    }

    private EmbeddedWorker start(String nodeId, Duration drainTimeout, Invoices handler) {
        return EmbeddedWorker.builder().group(GROUP).settings(cluster.settings()).setting("node.id", nodeId)
                .drainTimeout(drainTimeout).handler(handler).build().start();
    }

    private Task task(String name, Task.Builder builder) {
        return cluster.add(builder.name(name).cron("0 0 0 1 1 ? 2099").dialect(CronDialect.QUARTZ).group(GROUP)
                .timeout(Duration.ofSeconds(60)));
    }

    private Task invoiceTask() {
        return task("send-invoices", Task.builder().payload(new JavaPayload(Invoices.NAME, Map.of("format", "pdf"))));
    }

    /** Through the client's outbox, which the scheduler node's leader relays to the group's queue. */
    private long trigger(Task task, Map<String, String> params) {
        ScheduleRequest request = ScheduleRequest.of(task.name()).params(params);
        return RedcronClient.jdbc(cluster.dataSource(), cluster.namespace()).schedule(request).id();
    }

    private Run ended(long runId) {
        await().atMost(WAIT).until(() -> cluster.runs().get(runId).orElseThrow().status().isFinal());
        return cluster.runs().get(runId).orElseThrow();
    }

    private List<String> nodeIds() {
        return new RedisNodeRegistry(cluster.redis(), new RedisKeys(cluster.namespace())).list().stream()
                .map(NodeInfo::nodeId).toList();
    }

    @Test
    void theApplicationsHandlerObjectRunsARunOfItsGroupWithTheRunsParams() {
        invoices.release.countDown();
        start();
        assertThat(worker.handlerNames()).containsExactly(Invoices.NAME);
        await().atMost(WAIT).until(() -> nodeIds().contains("billing-app"));

        long runId = trigger(invoiceTask(), Map.of("CUSTOMER", "42"));

        Run run = ended(runId);
        assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(run.node()).isEqualTo("billing-app");
        assertThat(invoices.seen).containsEntry(runId, Map.of("CUSTOMER", "42"));
        assertThat(cluster.runs().get(runId).orElseThrow().output()).contains("invoices sent as pdf");
    }

    @Test
    void byDefaultItRunsOnlyJavaTasks() {
        start();
        assertThat(worker.types()).containsExactly(io.redcron.domain.TaskType.JAVA);
        Task shell = task("shell-in-billing", cluster.shell("ignored", "0 0 0 1 1 ? 2099", "echo hi"));

        Run run = ended(trigger(shell, Map.of()));

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.error()).contains("refuses shell tasks");
    }

    @Test
    void closingWaitsForTheRunItIsInsideThenLeavesTheNodeList() {
        start();
        long runId = trigger(invoiceTask(), Map.of());
        await().atMost(WAIT).until(() -> invoices.inside.getCount() == 0);

        CompletableFuture<Void> closing = CompletableFuture.runAsync(worker::close);
        await("close waits for the run").during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3))
                .until(() -> !closing.isDone());
        assertThat(cluster.runs().get(runId).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);
        invoices.release.countDown();

        await().atMost(WAIT).until(closing::isDone);
        assertThat(closing).isNotCompletedExceptionally();
        assertThat(cluster.runs().get(runId).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(nodeIds()).doesNotContain("billing-app").contains("scheduler");
        assertThat(worker.isRunning()).isFalse();
    }

    @Test
    void aRunStillInsideWhenTheDrainTimeoutRunsOutIsHandedBackAndAnotherWorkerOfTheGroupRunsIt() {
        worker = start("billing-app", Duration.ofSeconds(1), invoices);
        long runId = trigger(invoiceTask(), Map.of("CUSTOMER", "7"));
        await().atMost(WAIT).until(() -> invoices.inside.getCount() == 0);

        worker.close();
        assertThat(cluster.runs().get(runId).orElseThrow().status().isFinal()).as("handed back, not ended").isFalse();

        Invoices other = new Invoices();
        other.release.countDown();
        try (EmbeddedWorker second = start("billing-app-2", Duration.ofSeconds(20), other)) {
            Run run = ended(runId);
            assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(run.node()).isEqualTo("billing-app-2");
            assertThat(other.seen).containsEntry(runId, Map.of("CUSTOMER", "7"));
            assertThat(second.isRunning()).isTrue();
        }
    }

    @Test
    void twoHandlersOfOneNameAreRefused() {
        EmbeddedWorker.Builder builder = EmbeddedWorker.builder().group(GROUP).handler(invoices);

        assertThatThrownBy(() -> builder.handler(new Invoices()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Two task handlers are named 'send-invoices': " + Invoices.class.getName() + " and "
                        + Invoices.class.getName());
    }

    /** The application's handler: an object of its own, built with what it needs (here, what it saw). */
    static final class Invoices implements TaskHandler {
        static final String NAME = "send-invoices";
        final Map<Long, Map<String, String>> seen = new ConcurrentHashMap<>();
        final CountDownLatch inside = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public void run(TaskContext context) throws InterruptedException {
            seen.put(context.runId(), context.params());
            inside.countDown();
            release.await();
            context.out().println("invoices sent as " + context.settings().get("format"));
        }
    }
}
