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
import java.util.function.Consumer;

/**
 * Runs {@code java} tasks: a {@link TaskHandler} found once, at start, with {@link ServiceLoader},
 * or given to the node as an object ({@link GivenHandlers}, an embedded worker's). A given handler
 * takes the place of a found one of the same name: it is the application's own object, built
 * with what it needs, where a found one is a fresh instance of whatever class a jar lists.
 * The handler runs on the calling thread (the worker's slot), so a short run costs no hand-off.
 * A watchdog interrupts it at its timeout or on a cancel; a handler that ignores the interrupt
 * keeps its thread, but the executor gives up on it after the grace period: its result goes to
 * the caller's callback from the watchdog then, so the run is recorded and its slot freed.
 */
final class JavaExecutor implements Executor {
    private static final Logger log = LoggerFactory.getLogger(JavaExecutor.class);
    /** A service file that cannot even be read fails on every call: give up on it eventually. */
    private static final int MAX_LOAD_ERRORS = 100;

    private final String nodeId;
    private final int tailBytes;
    private final Duration grace;
    private final Map<String, TaskHandler> handlers;
    private final HandlerWatchdog watchdog;

    /** @param given handlers given as objects, by name ({@link GivenHandlers#byName}) */
    JavaExecutor(String nodeId, int tailBytes, Duration grace, ClassLoader classLoader, Map<String, TaskHandler> given) {
        this.nodeId = nodeId;
        this.tailBytes = tailBytes;
        this.grace = grace;
        this.handlers = withGiven(load(classLoader), given);
        this.watchdog = new HandlerWatchdog("redcron-java-watchdog-" + nodeId);
    }

    @Override
    public TaskType type() {
        return TaskType.JAVA;
    }

    /** The handler names this node offers, sorted. */
    Set<String> handlerNames() {
        return handlers.keySet();
    }

    /**
     * Blocks until the handler returned; a result given up on reaches the caller first but is
     * returned only then. The worker uses the callback form, which does not wait.
     */
    @Override
    public ExecutionResult execute(ExecutionRequest request, OutputListener output, Cancellation cancellation) {
        CompletableFuture<ExecutionResult> result = new CompletableFuture<>();
        execute(request, output, cancellation, result::complete);
        return result.join();
    }

    @Override
    public void execute(ExecutionRequest request, OutputListener output, Cancellation cancellation,
                        Consumer<ExecutionResult> ended) {
        long started = System.nanoTime();
        JavaPayload payload = (JavaPayload) request.payload();
        TaskHandler handler = handlers.get(payload.handler());
        if (handler == null) {
            ended.accept(ExecutionResult.failedBeforeStart("no task handler named '" + payload.handler()
                    + "' on node " + nodeId));
            return;
        }
        OutputSink sink = new OutputSink(tailBytes, output);
        HandlerContext context = new HandlerContext(request, payload.settings(),
                () -> new PrintStream(new SinkStream(sink), true, StandardCharsets.UTF_8), cancellation);
        Attempt attempt = new Attempt(Thread.currentThread(), started, request.timeout(), context, sink, ended);
        watchdog.watch(attempt, attempt.deadline);
        Cancellation.Registration registration = cancellation.onCancel(() -> attempt.stop(ExecutionStatus.CANCELLED,
                cancellation.reason()));
        Throwable failure;
        try {
            failure = run(handler, context);
        } finally {
            registration.close();
            watchdog.forget(attempt);
        }
        attempt.returned(failure);
    }

    /**
     * One handler call on its thread. Exactly one result leaves it: when the handler returns, or
     * from the watchdog once it has ignored its stop for the grace period; {@code this} guards the
     * state, and the thread is interrupted only while the handler is still on it.
     */
    private final class Attempt implements HandlerWatchdog.Watched {
        private final Thread thread;
        private final long started;
        private final long deadline;
        private final Duration timeout;
        private final HandlerContext context;
        private final OutputSink sink;
        private final Consumer<ExecutionResult> ended;
        private ExecutionStatus stoppedAs;
        private String stopReason;
        private long giveUpAt;
        /** The result has left: returned by the handler's thread, or given up on by the watchdog. */
        private boolean settled;

        Attempt(Thread thread, long started, Duration timeout, HandlerContext context, OutputSink sink,
                Consumer<ExecutionResult> ended) {
            this.thread = thread;
            this.started = started;
            this.timeout = timeout;
            // Saturated: a timeout of centuries must not wrap around.
            this.deadline = started + Math.min(timeout.toNanos(), Long.MAX_VALUE / 4);
            this.context = context;
            this.sink = sink;
            this.ended = ended;
        }

        /** Asks the handler to stop (timeout or cancel): the first reason wins. */
        void stop(ExecutionStatus status, String reason) {
            synchronized (this) {
                if (settled || stoppedAs != null) {
                    return;
                }
                stoppedAs = status;
                stopReason = reason;
                giveUpAt = System.nanoTime() + grace.toNanos();
                context.stop();
                thread.interrupt();
            }
            watchdog.lookBy(giveUpAt);
        }

        @Override
        public long check(long now) {
            if (now - deadline >= 0) {
                stop(ExecutionStatus.TIMED_OUT, "timed out after " + Durations.format(timeout));
            }
            ExecutionResult given;
            synchronized (this) {
                if (settled) {
                    return Long.MAX_VALUE;
                }
                if (stoppedAs == null) {
                    return deadline;
                }
                if (now - giveUpAt < 0) {
                    return giveUpAt;
                }
                // It ignores the interrupt: the run is recorded now and its thread left to it.
                settled = true;
                given = stopped();
            }
            watchdog.forget(this);
            log.warn("Run {}: the java handler ignored its stop for {}; giving up on its thread {}",
                    context.runId(), Durations.format(grace), thread.getName());
            deliver(given);
            return Long.MAX_VALUE;
        }

        /** On the handler's thread, once it returned (or threw). */
        void returned(Throwable failure) {
            boolean interruptedByOthers;
            ExecutionResult result;
            synchronized (this) {
                // Cleared under the lock, after which nothing here interrupts this thread again.
                boolean interrupted = Thread.interrupted();
                if (settled) {
                    // Given up on earlier: its result was recorded then.
                    return;
                }
                settled = true;
                // Not stopped by us, yet interrupted (the flag, or an InterruptedException that
                // cleared it): the slot's pool is shutting down.
                interruptedByOthers = stoppedAs == null && (interrupted || failure instanceof InterruptedException);
                if (interruptedByOthers) {
                    stoppedAs = ExecutionStatus.CANCELLED;
                    stopReason = "interrupted: the node is stopping";
                }
                result = stoppedAs != null ? stopped() : finished(failure);
            }
            deliver(result);
            if (interruptedByOthers) {
                // Whoever interrupted this thread (a pool shutting down) still needs to see it.
                thread.interrupt();
            }
        }

        private ExecutionResult finished(Throwable failure) {
            String error = null;
            if (failure != null) {
                context.flush();
                sink.writeText(stackTrace(failure));
                error = describe(failure);
            }
            return result(failure == null ? ExecutionStatus.SUCCEEDED : ExecutionStatus.FAILED, error);
        }

        private ExecutionResult stopped() {
            return result(stoppedAs, stopReason);
        }

        private ExecutionResult result(ExecutionStatus status, String error) {
            context.flush();
            sink.detach();
            return new ExecutionResult(status, null, sink.text(), error, Duration.ofNanos(System.nanoTime() - started));
        }

        private void deliver(ExecutionResult result) {
            ended.accept(result);
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

    private static Map<String, TaskHandler> withGiven(Map<String, TaskHandler> found, Map<String, TaskHandler> given) {
        Map<String, TaskHandler> all = new TreeMap<>(found);
        given.forEach((name, handler) -> {
            TaskHandler replaced = all.put(name, handler);
            if (replaced != null) {
                log.info("Task handler '{}': {} is used in place of {}, found on the class path", name,
                        GivenHandlers.describe(handler), replaced.getClass().getName());
            }
        });
        return Collections.unmodifiableMap(all);
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
