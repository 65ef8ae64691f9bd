package io.redcron.node.worker.execution;

import io.redcron.domain.Durations;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.TaskType;
import io.redcron.handler.TaskHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs {@code java} tasks: a {@link TaskHandler} found once, at start, with {@link ServiceLoader}.
 * Each attempt gets its own thread, so that a timeout or cancellation can interrupt it while the
 * worker thread moves on. A handler that ignores the interrupt keeps its thread, but the run is
 * recorded and its slot freed after the grace period.
 */
final class JavaExecutor implements Executor {
    private static final Logger log = LoggerFactory.getLogger(JavaExecutor.class);
    /** A service file that cannot even be read fails on every call: give up on it eventually. */
    private static final int MAX_LOAD_ERRORS = 100;

    private final String nodeId;
    private final int tailBytes;
    private final Duration grace;
    private final Map<String, TaskHandler> handlers;
    /**
     * Threads are reused between attempts: starting one per run costs more than a short handler.
     * A handler that ignores an interrupt keeps its thread, and the pool simply makes another.
     */
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "redcron-java-" + THREADS.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });
    private static final AtomicInteger THREADS = new AtomicInteger();

    JavaExecutor(String nodeId, int tailBytes, Duration grace, ClassLoader classLoader) {
        this.nodeId = nodeId;
        this.tailBytes = tailBytes;
        this.grace = grace;
        this.handlers = load(classLoader);
    }

    @Override
    public TaskType type() {
        return TaskType.JAVA;
    }

    /** The handler names this node offers, sorted. */
    Set<String> handlerNames() {
        return handlers.keySet();
    }

    @Override
    public ExecutionResult execute(ExecutionRequest request, OutputListener output, Cancellation cancellation) {
        long started = System.nanoTime();
        JavaPayload payload = (JavaPayload) request.payload();
        TaskHandler handler = handlers.get(payload.handler());
        if (handler == null) {
            return ExecutionResult.failedBeforeStart("no task handler named '" + payload.handler() + "' on node " + nodeId);
        }
        OutputSink sink = new OutputSink(tailBytes, output);
        HandlerContext context = new HandlerContext(request, payload.settings(),
                () -> new PrintStream(new SinkStream(sink), true, StandardCharsets.UTF_8), cancellation);
        CompletableFuture<Throwable> finished = new CompletableFuture<>();
        Thread[] thread = new Thread[1];
        CountDownLatch onThread = new CountDownLatch(1);
        Runnable attempt = () -> {
            thread[0] = Thread.currentThread();
            onThread.countDown();
            Throwable failure = run(handler, context);
            synchronized (finished) {
                finished.complete(failure);
                // A pooled thread must not carry this attempt's interrupt into the next one.
                Thread.interrupted();
            }
        };

        CompletableFuture<String> stop = new CompletableFuture<>();
        ExecutionStatus status;
        String error = null;
        Cancellation.Registration registration = cancellation.onCancel(() -> stop.complete(cancellation.reason()));
        try {
            threads.execute(attempt);
            awaitFirst(finished, stop, request.timeout());
            if (finished.isDone()) {
                Throwable failure = finished.join();
                status = failure == null ? ExecutionStatus.SUCCEEDED : ExecutionStatus.FAILED;
                if (failure != null) {
                    context.flush();
                    sink.writeText(stackTrace(failure));
                    error = describe(failure);
                }
            } else {
                status = stop.isDone() ? ExecutionStatus.CANCELLED : ExecutionStatus.TIMED_OUT;
                error = stop.isDone() ? stop.join() : "timed out after " + Durations.format(request.timeout());
                context.stop();
                interrupt(onThread, thread, finished);
                awaitQuietly(finished);
            }
        } finally {
            registration.close();
        }
        context.flush();
        sink.detach();
        return new ExecutionResult(status, null, sink.text(), error, Duration.ofNanos(System.nanoTime() - started));
    }

    /** Interrupts the attempt's thread, if it is still on this attempt. */
    private static void interrupt(CountDownLatch started, Thread[] thread, CompletableFuture<Throwable> finished) {
        try {
            started.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        synchronized (finished) {
            if (!finished.isDone()) {
                thread[0].interrupt();
            }
        }
    }

    private static void awaitFirst(CompletableFuture<Throwable> finished, CompletableFuture<String> stop,
                                   Duration timeout) {
        try {
            CompletableFuture.anyOf(finished, stop).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // The caller tells a timeout from the futures' state.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.complete("interrupted: the node is stopping");
        } catch (ExecutionException e) {
            throw new IllegalStateException("neither future completes exceptionally", e);
        }
    }

    /** Runs the handler; returns what it threw, or null when it returned normally. */
    private static Throwable run(TaskHandler handler, HandlerContext context) {
        try {
            handler.run(context);
            return null;
        } catch (Exception | Error e) {
            return e;
        }
    }

    /** Gives a stopped handler the grace period to end before its slot is given back. */
    private void awaitQuietly(CompletableFuture<Throwable> finished) {
        boolean interrupted = false;
        try {
            finished.get(grace.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
        } catch (TimeoutException | ExecutionException e) {
            // It ignores the interrupt: the run is recorded anyway, the thread lingers as a daemon.
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static String describe(Throwable failure) {
        String message = failure.getMessage();
        String text = message == null || message.isBlank()
                ? failure.getClass().getName()
                : failure.getClass().getSimpleName() + ": " + message;
        return Texts.oneLine(text, 500);
    }

    private static String stackTrace(Throwable failure) {
        StringWriter trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        return trace.toString();
    }

    private static Map<String, TaskHandler> load(ClassLoader classLoader) {
        Map<String, TaskHandler> found = new TreeMap<>();
        Iterator<TaskHandler> providers = ServiceLoader.load(TaskHandler.class, classLoader).iterator();
        int errors = 0;
        while (errors < MAX_LOAD_ERRORS) {
            try {
                if (!providers.hasNext()) {
                    break;
                }
                TaskHandler handler = providers.next();
                TaskHandler earlier = found.putIfAbsent(handler.name(), handler);
                if (earlier != null) {
                    log.warn("Two task handlers are named '{}': {} is used, {} is ignored", handler.name(),
                            earlier.getClass().getName(), handler.getClass().getName());
                }
            } catch (ServiceConfigurationError e) {
                // One broken jar must not take every other handler, or the node, down with it.
                log.warn("Skipping a task handler that cannot be loaded: {}", e.getMessage());
                errors++;
            }
        }
        return Collections.unmodifiableMap(found);
    }

    /** The handler's {@code out()}: bytes go straight to the sink, flushed on every println. */
    private static final class SinkStream extends OutputStream {
        private final OutputSink sink;

        SinkStream(OutputSink sink) {
            this.sink = sink;
        }

        @Override
        public void write(int b) {
            sink.write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] buffer, int offset, int length) {
            sink.write(buffer, offset, length);
        }
    }
}
