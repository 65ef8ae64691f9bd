package io.redcron.node.cli;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Durations;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TaskPayload;
import io.redcron.format.TaskDocument;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Stack;

/** The flags that define a task, shared by {@code task add} and {@code task update}. */
final class TaskOptions {
    @Option(names = "--cron", paramLabel = "EXPR", description = "Cron expression (quote it).")
    String cron;

    @Option(names = "--dialect", paramLabel = "unix|quartz|spring", description = "Cron dialect. Default for new tasks: unix.")
    String dialect;

    @Option(names = "--zone", paramLabel = "ZONE", description = "IANA time zone of the schedule. Default for new tasks: UTC.")
    String zone;

    @Option(names = "--exec", arity = "1..*", paramLabel = "ARGV", parameterConsumer = RestOfLine.class,
            description = {"Run a program directly, no shell. Put it last: every argument after it belongs to the program,",
                    "options included: --exec /usr/bin/rsync -a -n /src /dst"})
    List<String> exec;

    @Option(names = "--shell", paramLabel = "LINE", description = "Run one command line with /bin/sh -c.")
    String shell;

    @Option(names = "--http", paramLabel = "URL", description = "Call a URL.")
    String http;

    @Option(names = "--java", paramLabel = "HANDLER", description = "Run a TaskHandler found on the node's class path.")
    String java;

    @Option(names = "--method", paramLabel = "METHOD", description = "HTTP method. Default: GET.")
    String method;

    @Option(names = "--header", paramLabel = "NAME=VALUE", description = "HTTP header (repeatable).")
    Map<String, String> headers;

    @Option(names = "--body", paramLabel = "TEXT", description = "HTTP request body.")
    String body;

    @Option(names = "--accept", split = ",", paramLabel = "STATUS", description = "HTTP statuses that count as success. Default: any 2xx.")
    List<Integer> accept;

    @Option(names = "--redirects", paramLabel = "none|same-origin|any",
            description = {"Which HTTP redirects to follow. Default: none. With any, the task's headers and body",
                    "are not sent on to another origin."})
    String redirects;

    @Option(names = "--workdir", paramLabel = "DIR", description = "Working directory for --exec/--shell (absolute).")
    String workDir;

    @Option(names = "--env", paramLabel = "NAME=VALUE", description = "Environment variable for --exec/--shell (repeatable).")
    Map<String, String> env;

    @Option(names = "--timeout", paramLabel = "DURATION", description = "Kill a run after this long, e.g. 30s, 5m, 1h. Default for new tasks: 1h.")
    String timeout;

    @Option(names = "--retries", paramLabel = "N", description = "Retries after a failed attempt. Default for new tasks: 0.")
    Integer retries;

    @Option(names = "--backoff", paramLabel = "DURATION", description = "Wait before the first retry. Default: 10s.")
    String backoff;

    @Option(names = "--backoff-multiplier", paramLabel = "X", description = "Factor between successive waits. Default: 2.")
    Double backoffMultiplier;

    @Option(names = "--backoff-max", paramLabel = "DURATION", description = "Longest wait between retries. Default: 10m.")
    String backoffMax;

    @Option(names = "--jitter", paramLabel = "FRACTION", description = "Random spread of each wait, 0-1. Default: 0.1.")
    Double jitter;

    @Option(names = "--misfire", paramLabel = "fire-once|skip|catch-up", description = "What to do with missed fires. Default: fire-once.")
    String misfire;

    @Option(names = "--catch-up-limit", paramLabel = "N", description = "Most missed fires replayed with --misfire catch-up. Default: 10.")
    Integer catchUpLimit;

    @Option(names = "--concurrency", paramLabel = "allow|forbid|replace", description = "When a fire finds a run in flight. Default: forbid.")
    String concurrency;

    @Option(names = "--shards", paramLabel = "N|per-worker|none",
            description = "Fan each fire out over N shards (1-1000), one per live worker of the group, or none. Default: none.")
    String shards;

    @Option(names = "--group", paramLabel = "GROUP", description = "Routing group: which workers run it. Default: default.")
    String group;

    @Option(names = "--description", paramLabel = "TEXT", description = "Free text.")
    String description;

    @Option(names = "--owner", paramLabel = "WHO", description = "Who is responsible for the task.")
    String owner;

    @Option(names = "--label", paramLabel = "KEY=VALUE", description = "Label (repeatable).")
    Map<String, String> labels;

    @Option(names = "--alert", paramLabel = "TARGET", description = "Alert target, e.g. mailto:ops@example.com or a webhook URL (repeatable).")
    List<String> alerts;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "Default parameter, passed as $REDCRON_PARAM_<NAME> (repeatable).")
    Map<String, String> params;

    /** Applies the flags that were given; the rest of the builder stays as it is. */
    Task.Builder applyTo(Task.Builder task, TaskPayload current) {
        if (cron != null) {
            task.cron(cron);
        }
        if (dialect != null) {
            task.dialect(TaskDocument.dialect(dialect));
        }
        if (zone != null) {
            task.zone(Task.zone(zone));
        }
        TaskPayload payload = payload(current);
        if (payload != null) {
            task.payload(payload);
        }
        if (timeout != null) {
            task.timeout(Durations.parse("timeout", timeout));
        }
        if (retries != null || backoff != null || backoffMultiplier != null || backoffMax != null || jitter != null) {
            task.retry(retry(task.retryPolicy()));
        }
        if (misfire != null) {
            task.misfirePolicy(MisfirePolicy.parse(misfire));
        }
        if (catchUpLimit != null) {
            task.catchUpLimit(catchUpLimit);
        }
        if (concurrency != null) {
            task.concurrencyPolicy(ConcurrencyPolicy.parse(concurrency));
        }
        if (shards != null) {
            task.sharding(io.redcron.domain.Sharding.parse(shards));
        }
        if (group != null) {
            task.group(group);
        }
        if (description != null) {
            task.description(description);
        }
        if (owner != null) {
            task.owner(owner);
        }
        if (labels != null) {
            task.labels(labels);
        }
        if (alerts != null) {
            task.alertTargets(alerts);
        }
        if (params != null) {
            task.params(params);
        }
        return task;
    }

    private RetryPolicy retry(RetryPolicy current) {
        if (retries != null && retries < 0) {
            throw new InvalidTaskException("retries", "must not be negative, got " + retries);
        }
        return new RetryPolicy(retries != null ? retries + 1 : current.maxAttempts(),
                backoff != null ? Durations.parse("retry-backoff", backoff) : current.initialBackoff(),
                backoffMultiplier != null ? backoffMultiplier : current.multiplier(),
                backoffMax != null ? Durations.parse("retry-max-backoff", backoffMax) : current.maxBackoff(),
                jitter != null ? jitter : current.jitter());
    }

    /** The payload the flags describe, or null when they do not touch it. */
    private TaskPayload payload(TaskPayload current) {
        List<String> kinds = new ArrayList<>();
        if (exec != null) {
            kinds.add("--exec");
        }
        if (shell != null) {
            kinds.add("--shell");
        }
        if (http != null) {
            kinds.add("--http");
        }
        if (java != null) {
            kinds.add("--java");
        }
        if (kinds.size() > 1) {
            throw new InvalidTaskException("type", "give one of --exec, --shell, --http, --java; got " + String.join(" and ", kinds));
        }
        boolean httpDetails = method != null || headers != null || body != null || accept != null || redirects != null;
        boolean processDetails = workDir != null || env != null;
        // Detail flags of another kind would otherwise be dropped without a word.
        if (httpDetails && (exec != null || shell != null || java != null)) {
            throw new InvalidTaskException("type", "--method/--header/--body/--accept/--redirects need an http task (--http URL)");
        }
        if (processDetails && (http != null || java != null)) {
            throw new InvalidTaskException("type", "--workdir/--env need an exec or shell task");
        }
        if (exec != null) {
            return new ExecPayload(exec, workDir, env);
        }
        if (shell != null) {
            return new ShellPayload(shell, workDir, env);
        }
        if (http != null) {
            return new HttpPayload(method, HttpPayload.url(http), headers, body, statuses(),
                    redirects == null ? RedirectPolicy.NONE : RedirectPolicy.parse(redirects));
        }
        if (java != null) {
            return new JavaPayload(java, Map.of());
        }
        // Detail flags alone adjust the current payload of the same kind.
        if (httpDetails) {
            if (!(current instanceof HttpPayload h)) {
                throw new InvalidTaskException("type", "--method/--header/--body/--accept/--redirects need an http task (--http URL)");
            }
            return new HttpPayload(method != null ? method : h.method(), h.url(), headers != null ? headers : h.headers(),
                    body != null ? body : h.body(), accept != null ? statuses() : h.acceptedStatuses(),
                    redirects != null ? RedirectPolicy.parse(redirects) : h.redirects());
        }
        if (processDetails) {
            if (current instanceof ExecPayload e) {
                return new ExecPayload(e.argv(), workDir != null ? workDir : e.workDir(), env != null ? env : e.env());
            }
            if (current instanceof ShellPayload s) {
                return new ShellPayload(s.command(), workDir != null ? workDir : s.workDir(), env != null ? env : s.env());
            }
            throw new InvalidTaskException("type", "--workdir/--env need an exec or shell task");
        }
        return null;
    }

    private Set<Integer> statuses() {
        return accept == null ? Set.of() : new LinkedHashSet<>(accept);
    }

    /**
     * Takes every remaining argument as the program's argv. Stopping at the first option this
     * command knows would quietly turn a program's own {@code -n} or {@code --name} into ours.
     */
    static final class RestOfLine implements CommandLine.IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, CommandLine.Model.ArgSpec argSpec,
                                      CommandLine.Model.CommandSpec commandSpec) {
            if (args.isEmpty()) {
                throw new CommandLine.ParameterException(commandSpec.commandLine(),
                        "--exec: needs a program, e.g. --exec /usr/bin/backup --full");
            }
            List<String> argv = new ArrayList<>();
            while (!args.isEmpty()) {
                argv.add(args.pop());
            }
            argSpec.setValue(argv);
        }
    }

    static Map<String, String> orEmpty(Map<String, String> map) {
        return map == null ? new LinkedHashMap<>() : map;
    }
}
