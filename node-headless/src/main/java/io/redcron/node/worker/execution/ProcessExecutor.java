package io.redcron.node.worker.execution;

import io.redcron.domain.Durations;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.SecretReferences;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.TaskPayload;
import io.redcron.domain.TaskType;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    private final ProcessLaunch launch;
    private final SecretStore secrets;

    /**
     * @param drain how long to keep reading output after the program ended, for background
     *              children that still hold the pipe
     */
    ProcessExecutor(TaskType type, int tailBytes, ProcessTreeKiller killer, Duration drain) {
        this(type, tailBytes, killer, drain, ProcessLaunch.sameUser("local"), SecretStore.NONE);
    }

    ProcessExecutor(TaskType type, int tailBytes, ProcessTreeKiller killer, Duration drain, ProcessLaunch launch,
                    SecretStore secrets) {
        if (type != TaskType.EXEC && type != TaskType.SHELL) {
            throw new IllegalArgumentException("not a process type: " + type);
        }
        this.type = type;
        this.tailBytes = tailBytes;
        this.killer = killer;
        this.drain = drain;
        this.launch = launch;
        this.secrets = secrets;
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
        Launch prepared;
        try {
            prepared = prepare(request);
        } catch (SecretStore.MissingSecretException e) {
            return ExecutionResult.failedBeforeStart(e.getMessage());
        }
        ProcessBuilder builder = prepared.builder;
        File workDir = builder.directory();
        if (workDir != null && !workDir.isDirectory()) {
            return ExecutionResult.failedBeforeStart("working directory " + workDir + " does not exist or is not a directory");
        }
        Optional<String> cannotStart = launch.startProblem(prepared.program, prepared.workDir,
                builder.environment().get("PATH"));
        if (cannotStart.isPresent()) {
            return ExecutionResult.failedBeforeStart(cannotStart.get());
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
        OutputSink sink = new OutputSink(tailBytes, output, new SecretMask(prepared.secretValues));
        OutputPump pump = new OutputPump(process.getInputStream(), sink, "redcron-output-" + request.runId()).start();

        CompletableFuture<String> stop = new CompletableFuture<>();
        Outcome outcome;
        Cancellation.Registration registration = cancellation.onCancel(() -> stop.complete(cancellation.reason()));
        try {
            outcome = await(process, stop, request.timeout());
            if (outcome.status != ExecutionStatus.SUCCEEDED && outcome.status != ExecutionStatus.FAILED) {
                killer.kill(process.toHandle(), launch.ownSession());
            } else if (launch.ownSession()) {
                // The program started in a session of its own: whatever is still in it (a
                // background child, a double fork) belongs to this run and ends with it.
                killer.killSession(process.pid());
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
        sink.finish();
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

    private record Launch(ProcessBuilder builder, String program, String workDir, Collection<String> secretValues) {
    }

    private Launch prepare(ExecutionRequest request) throws SecretStore.MissingSecretException {
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
        Map<String, String> secretValues = secrets.resolveAll(env.values());
        Map<String, String> resolved = new LinkedHashMap<>();
        env.forEach((name, value) -> resolved.put(name, SecretReferences.resolve(value, secretValues::get)));
        ProcessBuilder builder = launch.builder(command, workDir, resolved, RunVariables.environment(request));
        return new Launch(builder, command.get(0), workDir, secretValues.values());
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
