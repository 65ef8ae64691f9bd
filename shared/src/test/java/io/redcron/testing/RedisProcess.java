package io.redcron.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A redis-server of a test's own, started from a config file the test writes (TLS, ACL files,
 * eviction and persistence settings), with the binary {@link RedisServerProcess} finds. Unlike that
 * one it waits for the server's own "ready" line, as a TLS-only server answers no plain PING.
 */
public final class RedisProcess implements AutoCloseable {
    private final Process process;
    private final List<String> output;

    private RedisProcess(Process process, List<String> output) {
        this.process = process;
        this.output = output;
    }

    /** Starts redis-server with these config lines in {@code dir} and waits until it accepts connections. */
    public static RedisProcess start(Path dir, List<String> configLines) {
        try {
            Files.createDirectories(dir);
            Path config = dir.resolve("redis.conf");
            List<String> lines = new ArrayList<>(List.of("bind 127.0.0.1", "dir " + dir, "save \"\"",
                    "appendonly no", "daemonize no"));
            lines.addAll(configLines);
            Files.write(config, lines);
            Process process = new ProcessBuilder(RedisServerProcess.binary().toString(), config.toString()).redirectErrorStream(true).start();
            List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
            CountDownLatch ready = new CountDownLatch(1);
            Thread reader = new Thread(() -> drain(process, output, ready), "redis-process-output");
            reader.setDaemon(true);
            reader.start();
            RedisProcess redis = new RedisProcess(process, output);
            if (!ready.await(20, TimeUnit.SECONDS) || !process.isAlive()) {
                redis.close();
                throw new IllegalStateException("redis-server did not start: " + String.join("\n", output));
            }
            return redis;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }


    public List<String> output() {
        synchronized (output) {
            return List.copyOf(output);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void drain(Process process, List<String> output, CountDownLatch ready) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                output.add(line);
                if (line.contains("Ready to accept connections")) {
                    ready.countDown();
                }
            }
        } catch (IOException e) {
            // The process ended; what it printed is kept for the error message.
        } finally {
            ready.countDown();
        }
    }
}
