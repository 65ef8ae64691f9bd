package io.redcron.node.worker.execution;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.redcron.node.worker.execution.Fixtures.request;
import static io.redcron.node.worker.execution.Fixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Timeouts and cancellation kill the whole process tree: TERM, grace, KILL. */
class ProcessTimeoutTest {
    private final ExecutorRegistry registry = Fixtures.registry(65536);
    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void aTimeoutKillsChildrenAndGrandchildren() {
        Fixtures.Recording live = new Fixtures.Recording();
        // "; true" keeps sh from exec'ing the inner shell, so the sleeps are grandchildren.
        CompletableFuture<ExecutionResult> running = runAsync(
                shell("echo $$; sh -c 'sleep 600 & sleep 600'; true"), Duration.ofSeconds(3), live, new Cancellation());

        List<ProcessHandle> tree = treeOf(live, 3);
        ExecutionResult result = running.orTimeout(30, TimeUnit.SECONDS).join();

        assertThat(result.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
        assertThat(result.error()).isEqualTo("timed out after 3s");
        assertThat(result.exitCode()).isNull();
        // TERM is enough here: the slot is free well before the grace period would end.
        assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(3).plus(Fixtures.GRACE));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(tree).noneMatch(ProcessHandle::isAlive));
    }

    @Test
    void aTreeThatIgnoresTermIsKilledAfterTheGrace() {
        Fixtures.Recording live = new Fixtures.Recording();
        CompletableFuture<ExecutionResult> running = runAsync(
                shell("trap '' TERM; echo $$; sleep 600; true"), Duration.ofSeconds(1), live, new Cancellation());

        List<ProcessHandle> tree = treeOf(live, 1);
        ExecutionResult result = running.orTimeout(30, TimeUnit.SECONDS).join();

        assertThat(result.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
        assertThat(result.error()).isEqualTo("timed out after 1s");
        assertThat(result.elapsed()).isBetween(Duration.ofSeconds(1).plus(Fixtures.GRACE), Duration.ofSeconds(3));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(tree).noneMatch(ProcessHandle::isAlive));
    }

    @Test
    void cancellingMidRunKillsTheTreeAndKeepsTheOutputSoFar() {
        Fixtures.Recording live = new Fixtures.Recording();
        Cancellation cancellation = new Cancellation();
        CompletableFuture<ExecutionResult> running = runAsync(
                shell("echo $$; echo started; sleep 600 & sleep 600"), Duration.ofMinutes(5), live, cancellation);

        List<ProcessHandle> tree = treeOf(live, 2);
        await().until(() -> live.text().contains("started"));
        cancellation.cancel("cancelled by alice");
        ExecutionResult result = running.orTimeout(30, TimeUnit.SECONDS).join();

        assertThat(result.status()).isEqualTo(ExecutionStatus.CANCELLED);
        assertThat(result.error()).isEqualTo("cancelled by alice");
        assertThat(result.output()).endsWith("started\n");
        assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(3));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(tree).noneMatch(ProcessHandle::isAlive));
    }

    @Test
    void theCancellingThreadDoesNotWaitOutTheGrace() {
        ExecutorRegistry patient = new ExecutorRegistry(Fixtures.config(65536), Fixtures.NODE, Duration.ofMinutes(10));
        Fixtures.Recording live = new Fixtures.Recording();
        Cancellation cancellation = new Cancellation();
        CompletableFuture<ExecutionResult> outcome = new CompletableFuture<>();
        // An ignored signal stays ignored across exec: the sleep ignores TERM too.
        Thread worker = new Thread(() -> outcome.complete(patient.execute(
                request(shell("trap '' TERM; echo $$; sleep 600; true"), Map.of(), Duration.ofMinutes(5)), live, cancellation)));
        worker.start();
        List<ProcessHandle> tree = treeOf(live, 1);

        cancellation.cancel("cancelled by alice"); // returns while the tree has ten minutes to end

        assertThat(outcome).isNotDone();
        worker.interrupt(); // the impolite way: KILL at once
        ExecutionResult result = outcome.orTimeout(30, TimeUnit.SECONDS).join();
        assertThat(result.status()).isEqualTo(ExecutionStatus.CANCELLED);
        assertThat(result.error()).isEqualTo("cancelled by alice");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(tree).noneMatch(ProcessHandle::isAlive));
    }

    @Test
    void anAlreadyCancelledRunDoesNotStart() {
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("replaced by run 43");

        ExecutionResult result = registry.execute(request(shell("echo never")), OutputListener.NONE, cancellation);

        assertThat(result.status()).isEqualTo(ExecutionStatus.CANCELLED);
        assertThat(result.error()).isEqualTo("replaced by run 43");
        assertThat(result.output()).isEmpty();
    }

    @Test
    void interruptingTheWorkerCancelsTheRunAndKeepsTheInterrupt() {
        Fixtures.Recording live = new Fixtures.Recording();
        CompletableFuture<Boolean> stillInterrupted = new CompletableFuture<>();
        CompletableFuture<ExecutionResult> outcome = new CompletableFuture<>();
        Thread worker = new Thread(() -> {
            outcome.complete(registry.execute(request(shell("echo $$; sleep 600"), Map.of(), Duration.ofMinutes(5)),
                    live, new Cancellation()));
            stillInterrupted.complete(Thread.currentThread().isInterrupted());
        });
        worker.start();

        List<ProcessHandle> tree = treeOf(live, 1);
        worker.interrupt();

        assertThat(outcome.orTimeout(30, TimeUnit.SECONDS).join().status()).isEqualTo(ExecutionStatus.CANCELLED);
        assertThat(stillInterrupted.join()).isTrue();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(tree).noneMatch(ProcessHandle::isAlive));
    }

    private CompletableFuture<ExecutionResult> runAsync(io.redcron.domain.TaskPayload payload, Duration timeout,
                                                        OutputListener live, Cancellation cancellation) {
        return CompletableFuture.supplyAsync(() ->
                registry.execute(request(payload, Map.of(), timeout), live, cancellation));
    }

    /** The shell prints its pid first; waits until it has at least {@code descendants} below it. */
    private List<ProcessHandle> treeOf(Fixtures.Recording live, int descendants) {
        await().atMost(Duration.ofSeconds(10)).until(() -> live.text().contains("\n"));
        ProcessHandle root = ProcessHandle.of(Long.parseLong(live.text().lines().findFirst().orElseThrow()))
                .orElseThrow();
        List<ProcessHandle> tree = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> root.descendants().count() >= descendants);
        tree.add(root);
        root.descendants().forEach(tree::add);
        started.addAll(tree);
        assertThat(tree).allMatch(ProcessHandle::isAlive);
        return tree;
    }
}
