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

/**
 * Runs {@code exec} tasks (the argv as given, no shell ever) and {@code shell} tasks
 * ({@code /bin/sh -c LINE}) as a child process with stdin closed and stdout and stderr merged in
 * the order they were written. On timeout or cancellation the whole process tree is killed.
 */
final class ProcessExecutor implements Executor {
    static final String SHELL = "/bin/sh";
    /**
     * How long the output may take to end after the program exited before something else is taken
     * to hold it. The exit closes the program's end of the pipe, so the reader normally sees the
     * end at once; a busy machine may take a moment to schedule it.
     */
    private static final Duration OUTPUT_SETTLES = Duration.ofMillis(20);

    private final TaskType type;
    private final int tailBytes;
    private final ProcessTreeKiller killer;
    private final Duration drain;
    private final ProcessLaunch launch;
    private final SecretStore secrets;
    private final HelperThreads helpers;
    private final SessionSweeper sweeper;

    /**
     * @param drain   how long to keep reading output after the program ended, for background
     *                children that still hold the pipe
     * @param helpers where output is read and a cancelled tree is killed, beside the calling thread
     * @param sweeper ends what a program that exited left in its session
     */
    ProcessExecutor(TaskType type, int tailBytes, ProcessTreeKiller killer, Duration drain, ProcessLaunch launch,
                    SecretStore secrets, HelperThreads helpers, SessionSweeper sweeper) {
        if (type != TaskType.EXEC && type != TaskType.SHELL) {
            throw new IllegalArgumentException("not a process type: " + type);
        }
        this.type = type;
        this.tailBytes = tailBytes;
        this.killer = killer;
        this.drain = drain;
        this.launch = launch;
        this.secrets = secrets;
        this.helpers = helpers;
        this.sweeper = sweeper;
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
        OutputPump pump = new OutputPump(process.getInputStream(), sink).start(helpers);

        CancelKill cancel = new CancelKill(process, cancellation);
        Outcome outcome;
        Cancellation.Registration registration = cancellation.onCancel(cancel);
        try {
            outcome = await(process, cancel, request.timeout());
        } finally {
            registration.close();
        }
        boolean interrupted = false;
        try {
            if (outcome.exitCode != null && launch.ownSession()) {
                endSession(process.pid(), pump);
            }
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

    /**
     * Waits for the first of: the program's exit, a cancellation, the timeout, an interrupt; a
     * program stopped by any but its exit has its whole tree killed before this returns.
     *
     * <p>This thread waits on the JDK's own exit signal ({@link Process#waitFor(long, TimeUnit)},
     * given by the reaper thread the JDK keeps for every child anyway), so waiting costs no thread
     * of its own: {@link Process#onExit()} handed every exit to a new thread on a machine of one or
     * two cores. A cancel cannot wake this wait, so it kills the tree instead ({@link CancelKill}):
     * the program's end is what wakes it then. (A program that not even KILL ends, stuck in the
     * kernel, thus keeps its slot until it ends or times out, where it used to free the slot while
     * still running.)
     */
    private Outcome await(Process process, CancelKill cancel, Duration timeout) {
        boolean exited;
        try {
            exited = process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            // The worker itself is stopping (node drain): a cancellation, killed at once as the
            // interrupt stays set (KILL follows TERM without the grace).
            Thread.currentThread().interrupt();
            String reason = cancel.stopping().orElse("interrupted: the node is stopping");
            killer.kill(process.toHandle(), launch.ownSession());
            cancel.awaitKilled();
            return new Outcome(ExecutionStatus.CANCELLED, null, reason);
        }
        Optional<String> cancelled = cancel.stopping();
        if (cancelled.isPresent()) {
            cancel.awaitKilled();
            return new Outcome(ExecutionStatus.CANCELLED, null, cancelled.get());
        }
        if (!exited) {
            killer.kill(process.toHandle(), launch.ownSession());
            return new Outcome(ExecutionStatus.TIMED_OUT, null, "timed out after " + Durations.format(timeout));
        }
        int code = process.exitValue();
        return code == 0
                ? new Outcome(ExecutionStatus.SUCCEEDED, 0, null)
                : new Outcome(ExecutionStatus.FAILED, code, "exited with code " + code);
    }

    /**
     * The program started in a session of its own, which it has left by exiting: whatever is still
     * in it (a background child, a double fork) belongs to this run and ends with it. Once the
     * output has ended nothing left holds it, so the result need not wait: the sweeper ends the
     * leftovers shortly, sharing one read of the process table with the other runs. While something
     * still holds the output, it is ended now, so that the output and the run end.
     */
    private void endSession(long session, OutputPump pump) throws InterruptedException {
        boolean outputEnded;
        try {
            outputEnded = pump.awaitEnd(OUTPUT_SETTLES);
        } catch (InterruptedException e) {
            sweeper.sweep(session); // the node is stopping: sweep without waiting
            throw e;
        }
        if (outputEnded) {
            sweeper.sweep(session);
        } else {
            killer.killSession(session);
        }
    }

    /**
     * A cancel of one running program, called on the cancelling thread (an operator's cancel, a
     * replacing run, the node's drain). It kills the tree on a helper thread, because the
     * cancelling thread serves other runs and must not wait out the grace. A program that already
     * exited by itself keeps its own outcome: the cancel came too late to change it.
     */
    private final class CancelKill implements Runnable {
        private final Process process;
        private final Cancellation cancellation;
        private String reason;
        private CompletableFuture<Void> killed;

        CancelKill(Process process, Cancellation cancellation) {
            this.process = process;
            this.cancellation = cancellation;
        }

        @Override
        public synchronized void run() {
            if (reason != null || !process.isAlive()) {
                return;
            }
            reason = cancellation.reason();
            killed = CompletableFuture.runAsync(() -> killer.kill(process.toHandle(), launch.ownSession()), helpers);
        }

        /** Why the program is being stopped, if a cancel came while it ran. */
        synchronized Optional<String> stopping() {
            return Optional.ofNullable(reason);
        }

        /** Returns once the cancel's kill is over, which the grace bounds. */
        void awaitKilled() {
            CompletableFuture<Void> kill;
            synchronized (this) {
                kill = killed;
            }
            if (kill == null) {
                return;
            }
            boolean interrupted = false;
            while (true) {
                try {
                    kill.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    break; // the kill failed: nothing more to wait for
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
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
