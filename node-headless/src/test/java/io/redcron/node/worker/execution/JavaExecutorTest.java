package io.redcron.node.worker.execution;

import io.redcron.domain.JavaPayload;
import io.redcron.handler.TaskContext;
import io.redcron.handler.TaskHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.redcron.node.worker.execution.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JavaExecutorTest {
    private final ExecutorRegistry registry = Fixtures.registry(65536);

    @BeforeEach
    void reset() {
        TestHandlers.blockingStarted = new CountDownLatch(1);
        TestHandlers.stubbornRelease = new CountDownLatch(1);
    }

    @AfterEach
    void releaseStubbornHandlers() {
        TestHandlers.stubbornRelease.countDown();
    }

    @Test
    void findsHandlersByName() {
        assertThat(registry.handlerNames()).containsExactly(
                "io.redcron.node.worker.execution.TestHandlers$Failing", "test.echo", "test.stubborn", "test.waits");
    }

    @Test
    void handlersGivenAsObjectsJoinThoseFoundAndTakeThePlaceOfOneOfTheSameName() {
        TaskHandler echo = new Given("test.echo", "the application's echo");
        TaskHandler report = new Given("report", "the report");
        ExecutorRegistry withGiven = new ExecutorRegistry(Fixtures.config(65536), Fixtures.NODE, Fixtures.GRACE,
                ExecutorRegistry.class.getClassLoader(), List.of(echo, report));

        assertThat(withGiven.handlerNames()).containsExactly(
                "io.redcron.node.worker.execution.TestHandlers$Failing", "report", "test.echo", "test.stubborn",
                "test.waits");
        ExecutionResult result = withGiven.execute(request(new JavaPayload("test.echo", Map.of())), null, new Cancellation());
        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.output()).isEqualTo("the application's echo\n");
    }

    @Test
    void twoHandlersGivenUnderOneNameAreRefused() {
        assertThatThrownBy(() -> new ExecutorRegistry(Fixtures.config(65536), Fixtures.NODE, Fixtures.GRACE,
                ExecutorRegistry.class.getClassLoader(), List.of(new Given("report", "a"), new Given("report", "b"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Two task handlers are named 'report': " + Given.class.getName() + " and " + Given.class.getName());
    }

    /** A handler the application built itself, with what it needs: here, what it prints. */
    private static final class Given implements TaskHandler {
        private final String name;
        private final String text;

        Given(String name, String text) {
            this.name = name;
            this.text = text;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void run(TaskContext context) {
            context.out().println(text);
        }
    }

    @Test
    void aHandlerThatReturnsSucceedsWithWhatItPrinted() {
        JavaPayload payload = new JavaPayload("test.echo", Map.of("report", "daily"));
        Fixtures.Recording live = new Fixtures.Recording();

        ExecutionResult result = registry.execute(request(payload, Map.of("region", "eu"), Duration.ofSeconds(20)),
                live, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.exitCode()).isNull();
        assertThat(result.error()).isNull();
        assertThat(result.output()).isEqualTo("""
                run 42 of task 7, attempt 2, scheduled 2024-03-01T02:30:00Z
                params {region=eu}
                settings {report=daily}
                中文 ok
                """);
        assertThat(live.text()).isEqualTo(result.output());
    }

    @Test
    void anExceptionFailsTheRunWithItsMessageAndStackTrace() {
        ExecutionResult result = run(new JavaPayload("io.redcron.node.worker.execution.TestHandlers$Failing",
                Map.of()), Duration.ofSeconds(20));

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("IllegalStateException: the report database is read-only");
        assertThat(result.output()).startsWith("about to fail\njava.lang.IllegalStateException: the report database")
                .contains("at io.redcron.node.worker.execution.TestHandlers$Failing.run");
    }

    @Test
    void anUnknownHandlerFails() {
        ExecutionResult result = run(new JavaPayload("x", Map.of()), Duration.ofSeconds(20));

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("no task handler named 'x' on node n1");
    }

    @Test
    void aTimeoutInterruptsTheHandler() {
        ExecutionResult result = run(new JavaPayload("test.waits", Map.of()), Duration.ofSeconds(1));

        assertThat(result.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
        assertThat(result.error()).isEqualTo("timed out after 1s");
        assertThat(result.output()).isEqualTo("waiting\n");
        assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(1).plus(Fixtures.GRACE));
    }

    @Test
    void cancellingInterruptsTheHandler() throws InterruptedException {
        Cancellation cancellation = new Cancellation();
        CompletableFuture<ExecutionResult> running = CompletableFuture.supplyAsync(() -> registry.execute(
                request(new JavaPayload("test.waits", Map.of()), Map.of(), Duration.ofMinutes(5)),
                OutputListener.NONE, cancellation));

        assertThat(TestHandlers.blockingStarted.await(10, TimeUnit.SECONDS)).isTrue();
        cancellation.cancel("node draining");
        ExecutionResult result = running.orTimeout(10, TimeUnit.SECONDS).join();

        assertThat(result.status()).isEqualTo(ExecutionStatus.CANCELLED);
        assertThat(result.error()).isEqualTo("node draining");
    }

    @Test
    void aHandlerThatIgnoresTheInterruptIsGivenUpOnAfterTheGraceWhileItKeepsItsThread() {
        CompletableFuture<ExecutionResult> ended = new CompletableFuture<>();
        CompletableFuture<Thread> endedOn = new CompletableFuture<>();
        CompletableFuture<Void> returned = CompletableFuture.runAsync(() -> registry.execute(
                request(new JavaPayload("test.stubborn", Map.of()), Map.of(), Duration.ofSeconds(1)),
                OutputListener.NONE, new Cancellation(), result -> {
                    endedOn.complete(Thread.currentThread());
                    ended.complete(result);
                }));

        ExecutionResult result = ended.orTimeout(10, TimeUnit.SECONDS).join();

        assertThat(result.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
        assertThat(result.error()).isEqualTo("timed out after 1s");
        assertThat(result.output()).isEqualTo("interrupted, carrying on; cancelled=true\n");
        assertThat(result.elapsed()).isBetween(Duration.ofSeconds(1).plus(Fixtures.GRACE), Duration.ofSeconds(5));
        assertThat(endedOn.join().getName()).startsWith("redcron-java-watchdog-");
        assertThat(returned).isNotDone();

        TestHandlers.stubbornRelease.countDown();
        returned.orTimeout(10, TimeUnit.SECONDS).join();
    }

    @Test
    void aHandlerRunsOnTheCallersThreadAndLeavesItUninterrupted() {
        Thread caller = Thread.currentThread();
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();

        registry.execute(request(new JavaPayload("test.echo", Map.of()), Map.of(), Duration.ofSeconds(20)),
                OutputListener.NONE, new Cancellation(), result -> ranOn.complete(Thread.currentThread()));

        assertThat(ranOn).isCompletedWithValue(caller);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void aCancelledHandlerLeavesItsThreadUninterruptedForTheNextRun() throws InterruptedException {
        Cancellation cancellation = new Cancellation();
        CompletableFuture<Boolean> interruptedAfter = CompletableFuture.supplyAsync(() -> {
            registry.execute(request(new JavaPayload("test.waits", Map.of()), Map.of(), Duration.ofMinutes(5)),
                    OutputListener.NONE, cancellation);
            return Thread.currentThread().isInterrupted();
        });

        assertThat(TestHandlers.blockingStarted.await(10, TimeUnit.SECONDS)).isTrue();
        cancellation.cancel("operator");

        assertThat(interruptedAfter.orTimeout(10, TimeUnit.SECONDS).join()).isFalse();
    }

    @Test
    void anInterruptFromOutsideEndsTheRunCancelledAndStaysSet() throws InterruptedException {
        CompletableFuture<ExecutionResult> ended = new CompletableFuture<>();
        CompletableFuture<Boolean> interruptedAfter = new CompletableFuture<>();
        Thread slot = new Thread(() -> {
            registry.execute(request(new JavaPayload("test.waits", Map.of()), Map.of(), Duration.ofMinutes(5)),
                    OutputListener.NONE, new Cancellation(), ended::complete);
            interruptedAfter.complete(Thread.currentThread().isInterrupted());
        });
        slot.start();

        assertThat(TestHandlers.blockingStarted.await(10, TimeUnit.SECONDS)).isTrue();
        slot.interrupt();

        ExecutionResult result = ended.orTimeout(10, TimeUnit.SECONDS).join();
        assertThat(result.status()).isEqualTo(ExecutionStatus.CANCELLED);
        assertThat(result.error()).isEqualTo("interrupted: the node is stopping");
        assertThat(interruptedAfter.orTimeout(10, TimeUnit.SECONDS).join()).isTrue();
    }

    private ExecutionResult run(JavaPayload payload, Duration timeout) {
        return registry.execute(request(payload, Map.of(), timeout), OutputListener.NONE, new Cancellation());
    }
}
