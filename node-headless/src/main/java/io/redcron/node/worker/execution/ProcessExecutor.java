package io.redcron.node.worker.execution;

import io.redcron.config.Setting;
import io.redcron.domain.Durations;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.TaskPayload;
import io.redcron.domain.TaskType;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs {@code exec} tasks (the argv as given, no shell ever) and {@code shell} tasks
 * ({@code /bin/sh -c LINE}) as a child process with stdin closed and stdout and stderr merged in
 * the order they were written. On timeout or cancellation the whole process tree is killed.
 */
final class ProcessExecutor implements Executor {
    static final String SHELL = "/bin/sh";

    private final TaskType type;
    private final int tailBytes;
    private final ProcessTreeKiller killer;
    private final Duration drain;

    /**
     * @param drain how long to keep reading output after the program ended, for background
     *              children that still hold the pipe
     */
    ProcessExecutor(TaskType type, int tailBytes, ProcessTreeKiller killer, Duration drain) {
        if (type != TaskType.EXEC && type != TaskType.SHELL) {
            throw new IllegalArgumentException("not a process type: " + type);
        }
        this.type = type;
        this.tailBytes = tailBytes;
        this.killer = killer;
        this.drain = drain;
    }

    @Override
    public TaskType type() {
        return type;
    }

    /** What the allowlist is matched against: the argv joined by single spaces, or the line. */
    static String commandLine(TaskPayload payload) {
        if (payload instanceof ExecPayload exec) {
            return String.join(" ", exec.argv());
        }
        if (payload instanceof ShellPayload shell) {
            return shell.command();
        }
        throw new IllegalArgumentException("not a process payload: " + payload.type().id());
    }

    @Override
    public ExecutionResult execute(ExecutionRequest request, OutputListener output, Cancellation cancellation) {
        long started = System.nanoTime();
        ProcessBuilder builder = builder(request);
        File workDir = builder.directory();
        if (workDir != null && !workDir.isDirectory()) {
            return ExecutionResult.failedBeforeStart("working directory " + workDir + " does not exist or is not a directory");
        }
        if (cancellation.isCancelled()) {
            return new ExecutionResult(ExecutionStatus.CANCELLED, null, "", cancellation.reason(), Duration.ZERO);
        }
        Process process;
        try {
            process = builder.start();
        } catch (IOException | RuntimeException e) {
            return ExecutionResult.failedBeforeStart("cannot start '" + Texts.oneLine(builder.command().get(0), 200)
                    + "': " + startFailure(e));
        }
        closeQuietly(process);
        OutputSink sink = new OutputSink(tailBytes, output);
        OutputPump pump = new OutputPump(process.getInputStream(), sink, "redcron-output-" + request.runId()).start();

        CompletableFuture<String> stop = new CompletableFuture<>();
        Outcome outcome;
        Cancellation.Registration registration = cancellation.onCancel(() -> stop.complete(cancellation.reason()));
        try {
            outcome = await(process, stop, request.timeout());
            if (outcome.status != ExecutionStatus.SUCCEEDED && outcome.status != ExecutionStatus.FAILED) {
                killer.kill(process.toHandle());
            }
        } finally {
            registration.close();
        }
        boolean interrupted = false;
        try {
            pump.awaitEnd(drain);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        sink.detach();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return new ExecutionResult(outcome.status, outcome.exitCode, sink.text(), outcome.error,
                Duration.ofNanos(System.nanoTime() - started));
    }

    private record Outcome(ExecutionStatus status, Integer exitCode, String error) {
    }

    /** Waits for the first of: the program's exit, a cancellation, the timeout, an interrupt. */
    private static Outcome await(Process process, CompletableFuture<String> stop, Duration timeout) {
        CompletableFuture<Process> exit = process.onExit();
        try {
            CompletableFuture.anyOf(exit, stop).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // Unless it exited at the very same moment: checked below.
        } catch (InterruptedException e) {
            // The worker itself is stopping (node drain): treat it as a cancellation, keep the flag.
            Thread.currentThread().interrupt();
            stop.complete("interrupted: the node is stopping");
        } catch (ExecutionException e) {
            throw new IllegalStateException("neither future completes exceptionally", e);
        }
        if (exit.isDone()) {
            int code = process.exitValue();
            return code == 0
                    ? new Outcome(ExecutionStatus.SUCCEEDED, 0, null)
                    : new Outcome(ExecutionStatus.FAILED, code, "exited with code " + code);
        }
        if (stop.isDone()) {
            return new Outcome(ExecutionStatus.CANCELLED, null, stop.join());
        }
        return new Outcome(ExecutionStatus.TIMED_OUT, null, "timed out after " + Durations.format(timeout));
    }

    private ProcessBuilder builder(ExecutionRequest request) {
        List<String> command;
        String workDir;
        Map<String, String> env;
        if (request.payload() instanceof ExecPayload exec) {
            command = exec.argv();
            workDir = exec.workDir();
            env = exec.env();
        } else if (request.payload() instanceof ShellPayload shell) {
            command = List.of(SHELL, "-c", shell.command());
            workDir = shell.workDir();
            env = shell.env();
        } else {
            throw new IllegalArgumentException(type.id() + " executor cannot run a " + request.payload().type().id()
                    + " task");
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (workDir != null) {
            builder.directory(new File(workDir));
        }
        // The node's environment, then the task's, then ours: REDCRON_* always means what we say.
        withoutNodeSecrets(builder.environment());
        builder.environment().putAll(env);
        builder.environment().putAll(RunVariables.environment(request));
        return builder;
    }

    /**
     * Drops the node's own store passwords from an inherited environment: a task must not see them,
     * nor print them into its output, which anyone who may read run history would then see.
     */
    static void withoutNodeSecrets(Map<String, String> environment) {
        Setting.SECRET_ENV.forEach(environment::remove);
    }

    /** The OS reason, e.g. "No such file or directory", without the JDK's wrapping. */
    private static String startFailure(Exception e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        // "error=2, No such file or directory"
        int comma = message.startsWith("error=") ? message.indexOf(", ") : -1;
        return Texts.oneLine(comma > 0 ? message.substring(comma + 2) : message, 200);
    }

    /** Stdin is empty: a program that reads it sees end of file instead of waiting forever. */
    private static void closeQuietly(Process process) {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // The program may already be gone; it reads nothing either way.
        }
    }
}
