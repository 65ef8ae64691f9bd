package io.redcron.bench;

import io.redcron.domain.HttpPayload;

import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * HTTP tasks: {@code GET} of a local endpoint ({@link LocalHttpServer}), created with the defaults
 * of {@code task add}, measured on one node ({@link TaskTypeBench}) beside that server's own
 * ceiling in the same run: requests per second from a Java HTTP client (HTTP/1.1, as the node's)
 * in as many threads as the node has slots. The node refuses loopback addresses unless a
 * {@code worker.allow-urls} pattern allows them: it is given one that matches exactly that URL.
 */
public final class HttpScenario {
    public static final String NAME = "http";
    static final String SERVER = "local server";
    static final String CEILING = "GET from a Java client";
    /** Threads of the local server; enough for the node's slots and the ceiling's threads at once. */
    private static final int SERVER_THREADS = 16;

    private final Mode mode;
    private final RedcronScheduler redcron;
    private final int slots;

    public HttpScenario(Mode mode, RedcronScheduler redcron, int slots) {
        this.mode = mode;
        this.redcron = redcron;
        this.slots = slots;
    }

    public List<Result> run() {
        TaskTypeSizes sizes = TaskTypeSizes.http(mode);
        Progress.say("Http: load average " + MachineInfo.loadAverage());
        List<Result> results = new ArrayList<>();
        try (LocalHttpServer server = LocalHttpServer.start(SERVER_THREADS)) {
            results.add(ceiling(server, sizes));
            HttpPayload payload = new HttpPayload("GET", server.url(), Map.of(), "", Set.of());
            Map<String, String> allowOnlyIt = Map.of("worker.allow-urls", allowing(server));
            results.addAll(new TaskTypeBench(redcron, sizes, mode.phaseTimeout())
                    .measure(NAME, List.of(new TaskTypeBench.Type("http", payload)), allowOnlyIt));
        }
        Progress.say("Http: load average " + MachineInfo.loadAverage());
        return results;
    }

    /** A pattern matching the server's URL and nothing else (a comma would split the setting). */
    static String allowing(LocalHttpServer server) {
        return Pattern.quote(server.url().toString());
    }

    private Result ceiling(LocalHttpServer server, TaskTypeSizes sizes) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(server.url()).GET().build();
        double perSecond = Ceilings.perSecond(slots, sizes.ceilingWindow(), () -> {
            HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                body.readAllBytes();
            }
            if (response.statusCode() != 200) {
                throw new IllegalStateException("the local server answered " + response.statusCode());
            }
        });
        Progress.say(String.format("Http: the local server answers %.0f requests/s (%d client threads)", perSecond, slots));
        return new Result(NAME, SERVER, CEILING, "requests/s", perSecond, "requests/s",
                slots + " threads (the node's slots) of one HTTP/1.1 client, back to back; load average "
                        + MachineInfo.loadAverage());
    }

    /** The goal line: throughput as a fraction of the server's ceiling, and lateness at 100 fires/s. */
    static List<String> goals(List<Result> results) {
        List<String> lines = new ArrayList<>();
        Optional<Double> ceiling = TaskTypeBench.value(results, NAME, SERVER, CEILING, "requests/s");
        Optional<Double> ours = TaskTypeBench.value(results, NAME, "Redcron", "http", "runs/s");
        Optional<Double> p99 = TaskTypeBench.value(results, NAME, "Redcron", "http at 100 fires/s", "p99");
        if (ours.isPresent() && ceiling.isPresent() && ceiling.get() > 0) {
            lines.add("HTTP tasks on one node: " + Report.number(ours.get()) + " runs/s = "
                    + Report.number(ours.get() / ceiling.get()) + " of the local server's " + Report.number(ceiling.get())
                    + " requests/s from a Java client" + p99.map(p -> "; lateness p99 at 100 fires/s " + Report.number(p) + " ms")
                    .orElse(""));
        }
        return lines;
    }
}
