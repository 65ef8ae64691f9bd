package io.redcron.node.worker.execution;

import io.redcron.config.WorkerConfig;
import io.redcron.domain.TaskType;
import io.redcron.handler.TaskHandler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.Set;

/**
 * The node's executors, one per enabled task type, behind the node's own
 * {@link ExecutionPolicy}: a request the policy refuses never reaches an executor.
 *
 * <p>Executors for types the node does not run are not even built (no HTTP client, no handler
 * scan), so a disabled type costs nothing.
 */
public final class ExecutorRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutorRegistry.class);
    /** How long a killed process tree or an interrupted handler gets before it is abandoned. */
    public static final Duration DEFAULT_KILL_GRACE = Duration.ofSeconds(5);

    private final ExecutionPolicy policy;
    private final Map<TaskType, Executor> executors = new EnumMap<>(TaskType.class);
    private final JavaExecutor javaExecutor;

    public ExecutorRegistry(WorkerConfig config, String nodeId) {
        this(config, nodeId, DEFAULT_KILL_GRACE);
    }

    public ExecutorRegistry(WorkerConfig config, String nodeId, Duration killGrace) {
        this(config, nodeId, killGrace, ExecutorRegistry.class.getClassLoader());
    }

    /**
     * @param killGrace      between TERM and KILL of a timed out or cancelled process tree; also
     *                       how long a stopped java handler gets, and how long output is still read
     *                       after a program ended while a background child holds its stdout
     * @param handlerLoader  where {@link io.redcron.handler.TaskHandler}s are looked up
     */
    public ExecutorRegistry(WorkerConfig config, String nodeId, Duration killGrace, ClassLoader handlerLoader) {
        this(config, nodeId, killGrace, handlerLoader, List.of());
    }

    /**
     * @param handlers task handlers given as objects, beside those found with the loader; one of
     *                 them takes the place of a found handler of the same name. Unused on a node
     *                 that does not run {@code java} tasks.
     * @throws IllegalArgumentException when two handlers given share a name, or one has no usable name
     */
    public ExecutorRegistry(WorkerConfig config, String nodeId, Duration killGrace, ClassLoader handlerLoader,
                            Collection<? extends TaskHandler> handlers) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(nodeId, "nodeId");
        if (killGrace.isNegative()) {
            throw new IllegalArgumentException("kill grace must not be negative: " + killGrace);
        }
        if (config.outputTailBytes() < 0) {
            throw new IllegalArgumentException("worker.output-tail must not be negative: " + config.outputTailBytes());
        }
        Map<String, TaskHandler> given = GivenHandlers.byName(handlers);
        this.policy = new ExecutionPolicy(config, nodeId);
        config.allowCommands().forEach(pattern -> pattern.limitation()
                .ifPresent(limitation -> LOG.warn("worker.allow-commands: {}", limitation)));
        int tail = config.outputTailBytes();
        ProcessTreeKiller killer = new ProcessTreeKiller(killGrace);
        SecretStore secrets = new SecretStore(config.secretsDir());
        // One pool for every executor of the node: an idle helper serves whichever type runs next.
        HelperThreads helpers = new HelperThreads("redcron-helper");
        if (policy.allows(TaskType.EXEC) || policy.allows(TaskType.SHELL)) {
            SessionSweeper sweeper = new SessionSweeper(SessionScan.PROC, killer, helpers);
            ProcessLaunch launch = new ProcessLaunch(nodeId, config.runAs().map(TaskUser::resolve), config.killProcessGroup(),
                    System.getenv());
            for (TaskType type : List.of(TaskType.EXEC, TaskType.SHELL)) {
                if (policy.allows(type)) {
                    executors.put(type, new ProcessExecutor(type, tail, killer, killGrace, launch, secrets, helpers, sweeper));
                }
            }
        }
        if (policy.allows(TaskType.HTTP)) {
            executors.put(TaskType.HTTP, new HttpExecutor(tail, config.httpMaxResponse(),
                    new UrlGuard(nodeId, config.allowUrls(), UrlGuard.Resolver.SYSTEM), secrets, helpers));
        }
        javaExecutor = policy.allows(TaskType.JAVA) ? new JavaExecutor(nodeId, tail, killGrace, handlerLoader, given) : null;
        if (javaExecutor != null) {
            executors.put(TaskType.JAVA, javaExecutor);
        }
    }

    public ExecutionPolicy policy() {
        return policy;
    }

    /** The names of the java task handlers this node found or was given, sorted; empty when java is disabled. */
    public Set<String> handlerNames() {
        return javaExecutor == null ? Set.of() : javaExecutor.handlerNames();
    }

    /**
     * Runs one attempt and blocks until it ended. Never throws for anything the task does: a
     * refusal, a program that cannot start, a timeout and a cancellation are all results.
     *
     * <p>Use {@code cancellation} to stop a run politely (TERM, then KILL after the grace). An
     * interrupt of the calling thread is the impolite way: the attempt ends as cancelled without
     * waiting out the grace (KILL follows TERM at once) and the interrupt flag stays set.
     */
    public ExecutionResult execute(ExecutionRequest request, OutputListener output, Cancellation cancellation) {
        CompletableFuture<ExecutionResult> result = new CompletableFuture<>();
        execute(request, output, cancellation, result::complete);
        return result.join();
    }

    /**
     * Runs one attempt on the calling thread and hands its result to {@code ended}, exactly once,
     * as {@link #execute(ExecutionRequest, OutputListener, Cancellation)} would return it. A java
     * handler that ignores its stop is given up on after the grace period: its result is handed
     * over then, from another thread, and this call returns only when the handler does, so the
     * caller must not count this thread as free until {@code ended} has run.
     */
    public void execute(ExecutionRequest request, OutputListener output, Cancellation cancellation,
                        Consumer<ExecutionResult> ended) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(ended, "ended");
        Optional<String> refusal = policy.refusal(request.payload())
                .or(() -> RunVariables.problem(request.params()));
        if (refusal.isPresent()) {
            ended.accept(ExecutionResult.failedBeforeStart(refusal.get()));
            return;
        }
        Cancellation cancel = cancellation == null ? new Cancellation() : cancellation;
        if (cancel.isCancelled()) {
            ended.accept(new ExecutionResult(ExecutionStatus.CANCELLED, null, "", cancel.reason(), Duration.ZERO));
            return;
        }
        Executor executor = executors.get(request.payload().type());
        AtomicBoolean handed = new AtomicBoolean();
        Consumer<ExecutionResult> once = result -> {
            if (handed.compareAndSet(false, true)) {
                ended.accept(result);
            }
        };
        try {
            executor.execute(request, output == null ? OutputListener.NONE : output, cancel, once);
        } catch (RuntimeException e) {
            // A bug of ours must still end as a recorded failure, not as a run stuck in RUNNING.
            once.accept(ExecutionResult.failedBeforeStart("node error: " + Texts.oneLine(String.valueOf(e), 300)));
        }
    }
}
