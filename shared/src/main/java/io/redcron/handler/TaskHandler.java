package io.redcron.handler;

/**
 * A task of type {@code java}: code that runs inside the node's JVM, found with
 * {@link java.util.ServiceLoader} on the node's class path. Register an implementation in
 * {@code META-INF/services/io.redcron.handler.TaskHandler}; a task names it by {@link #name()}.
 * An application running an embedded worker hands it its own instances instead.
 *
 * <p>The node creates one instance per handler class (or is given one) and may run it for several
 * runs at once, so keep per-run state in locals or in the {@link TaskContext}, not in fields.
 *
 * <p>On timeout or cancellation the node interrupts the thread that runs the handler and
 * {@link TaskContext#isCancelled()} turns true. A handler must honour that: blocking calls that
 * throw {@link InterruptedException} should let it propagate, and long loops should check
 * {@code isCancelled()}. The JVM cannot stop a thread that ignores both: the node records the
 * run as timed out or cancelled and frees its slot after a grace period anyway, while the
 * handler's thread keeps running in the background until it returns.
 */
public interface TaskHandler {

    /** The name tasks use to pick this handler; by default the implementing class's name. */
    default String name() {
        return getClass().getName();
    }

    /**
     * Runs once per attempt. Returning normally means the run succeeded; any exception fails it,
     * with the exception's message as the run's error and its stack trace in the output.
     */
    void run(TaskContext context) throws Exception;
}
