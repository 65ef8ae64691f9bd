package io.redcron.node.worker.execution;

import io.redcron.handler.TaskContext;
import io.redcron.handler.TaskHandler;

import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Handlers registered in this module's test META-INF/services. */
public final class TestHandlers {
    /** Lets {@link Stubborn} finish once a test has seen what it wanted. */
    static volatile CountDownLatch stubbornRelease = new CountDownLatch(0);
    /** Counted down when a handler that blocks has started. */
    static volatile CountDownLatch blockingStarted = new CountDownLatch(1);

    private TestHandlers() {
    }

    /** From now on {@link Stubborn} handlers keep their threads until {@link #releaseStubborn}. */
    public static void holdStubborn() {
        stubbornRelease = new CountDownLatch(1);
    }

    public static void releaseStubborn() {
        stubbornRelease.countDown();
    }

    public static final class Echo implements TaskHandler {
        @Override
        public String name() {
            return "test.echo";
        }

        @Override
        public void run(TaskContext context) {
            context.out().println("run " + context.runId() + " of task " + context.taskId() + ", attempt "
                    + context.attempt() + ", scheduled " + context.scheduledAt());
            context.out().println("params " + new TreeMap<>(context.params()));
            context.out().println("settings " + new TreeMap<>(context.settings()));
            context.out().println("中文 ok");
        }
    }

    /** Keeps the default name: its class name. */
    public static final class Failing implements TaskHandler {
        @Override
        public void run(TaskContext context) {
            context.out().println("about to fail");
            throw new IllegalStateException("the report database is read-only");
        }
    }

    /** Honours interruption, as the SPI asks. */
    public static final class WaitsForInterrupt implements TaskHandler {
        @Override
        public String name() {
            return "test.waits";
        }

        @Override
        public void run(TaskContext context) throws InterruptedException {
            context.out().println("waiting");
            blockingStarted.countDown();
            new CountDownLatch(1).await();
        }
    }

    /** Ignores interruption: the node must give up on it after the grace period. */
    public static final class Stubborn implements TaskHandler {
        @Override
        public String name() {
            return "test.stubborn";
        }

        @Override
        public void run(TaskContext context) {
            blockingStarted.countDown();
            while (true) {
                try {
                    if (stubbornRelease.await(10, TimeUnit.MILLISECONDS)) {
                        return;
                    }
                } catch (InterruptedException e) {
                    context.out().println("interrupted, carrying on; cancelled=" + context.isCancelled());
                }
            }
        }
    }
}
