package io.redcron.spring;

import io.redcron.client.RedcronClientException;
import io.redcron.client.TaskDeclaration;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.env.Environment;

import java.util.ArrayList;
import java.util.List;

/**
 * The tasks an application declares in code: one {@link TaskDeclaration} per {@link RedcronTask}
 * method (a {@code java} task whose handler is the method, routed to the embedded worker's group
 * unless it names another) and every {@link TaskDeclaration} bean.
 */
final class DeclaredTasks {

    private DeclaredTasks() {
    }

    static List<TaskDeclaration> of(List<RedcronTaskMethods.Found> methods, List<TaskDeclaration> beans,
                                    Environment environment) {
        List<TaskDeclaration> tasks = new ArrayList<>();
        for (RedcronTaskMethods.Found found : methods) {
            tasks.add(declaration(found, WorkerGroup.of(environment)));
        }
        tasks.addAll(beans);
        return tasks;
    }

    /** The task of one annotated method; a bad attribute fails naming the method and the attribute. */
    static TaskDeclaration declaration(RedcronTaskMethods.Found found, String workerGroup) {
        RedcronTask task = found.task();
        try {
            TaskDeclaration declaration = TaskDeclaration.named(task.name()).cron(task.cron()).dialect(task.dialect())
                    .group(task.group().isEmpty() ? workerGroup : task.group()).java(task.name())
                    .attempts(task.attempts()).concurrency(task.concurrency()).misfire(task.misfire());
            if (!task.zone().isEmpty()) {
                declaration = declaration.zone(task.zone());
            }
            if (!task.description().isEmpty()) {
                declaration = declaration.description(task.description());
            }
            if (!task.timeout().isEmpty()) {
                declaration = declaration.timeout(timeout(task.timeout()));
            }
            for (String label : task.labels()) {
                int equals = label.indexOf('=');
                if (equals <= 0) {
                    throw new RedcronClientException("labels", "'" + label + "' is not key=value");
                }
                declaration = declaration.label(label.substring(0, equals), label.substring(equals + 1));
            }
            return declaration;
        } catch (RedcronClientException e) {
            throw new IllegalStateException("@RedcronTask " + found.where() + ": " + e.getMessage(), e);
        }
    }

    private static java.time.Duration timeout(String text) {
        try {
            return DurationStyle.detectAndParse(text);
        } catch (IllegalArgumentException e) {
            throw new RedcronClientException("timeout", "'" + text + "' is not a duration such as 30s, 5m or 1h");
        }
    }
}
