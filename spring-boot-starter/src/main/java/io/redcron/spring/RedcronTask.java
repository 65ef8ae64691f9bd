package io.redcron.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a task in code: a public method of a Spring bean that Redcron runs on a schedule. At
 * start-up the application reconciles every task it declares with the store, marking them as
 * managed by the application and its version, and its embedded worker runs the method for each
 * run of the task.
 *
 * <p>The task is of type {@code java}; its handler is named after the task, and it is routed to
 * the embedded worker's group ({@code redcron.worker.group}) unless {@link #group()} names
 * another. The method takes no argument, or one {@link io.redcron.handler.TaskContext}.
 *
 * <pre>{@code
 * @RedcronTask(name = "expire-carts", cron = "*&#47;5 * * * *", timeout = "2m")
 * public void expireCarts(TaskContext context) { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RedcronTask {

    /** The task's name in the namespace; also its handler's name. */
    String name();

    /** The cron expression (Unix dialect unless {@link #dialect()} says otherwise). */
    String cron();

    /** The cron dialect: {@code unix}, {@code quartz} or {@code spring}. */
    String dialect() default "unix";

    /** The time zone the expression is read in; empty for UTC. */
    String zone() default "";

    /** The routing group; empty for the embedded worker's group. */
    String group() default "";

    String description() default "";

    /** How long a run may take, as {@code 30s}, {@code 5m} or {@code 1h}; empty for the default. */
    String timeout() default "";

    /** How many attempts a failed run gets in all (1 = no retry). */
    int attempts() default 1;

    /** {@code forbid} (the default), {@code allow} or {@code replace}. */
    String concurrency() default "forbid";

    /** {@code fire-once} (the default), {@code skip} or {@code catch-up}. */
    String misfire() default "fire-once";

    /** Labels as {@code key=value}. */
    String[] labels() default {};
}
