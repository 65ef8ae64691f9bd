package io.redcron.node.worker;

import io.redcron.node.worker.execution.OutputListener;
import io.redcron.store.redis.RedisKeys;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live tail of running runs' output in Redis, one capped stream per run, so that {@code runs
 * tail} and the desktop can follow it from where they are. Output is buffered and flushed a few
 * times a second in one pipeline, so a chatty run costs a handful of Redis calls per second.
 */
public final class LiveLog {
    private static final Logger LOG = LoggerFactory.getLogger(LiveLog.class);
    private static final int MAX_CHUNK = 16 * 1024;
    private static final long MAX_CHUNKS = 256;
    private static final Duration KEEP_AFTER_END = Duration.ofMinutes(10);

    private final UnifiedJedis redis;
    private final RedisKeys keys;
    private final Map<Long, Buffer> buffers = new ConcurrentHashMap<>();

    public LiveLog(UnifiedJedis redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    public OutputListener open(long runId) {
        Buffer buffer = new Buffer();
        buffers.put(runId, buffer);
        return buffer::append;
    }

    /**
     * Flushes the run's last output and lets its tail expire. A run that printed nothing never had
     * a tail and costs no Redis call: followers learn of its end from the run's status.
     */
    public void close(long runId) {
        Buffer buffer = buffers.remove(runId);
        if (buffer != null && buffer.everWritten()) {
            flush(Map.of(runId, buffer), true);
        }
    }

    /** Called every few hundred milliseconds by the node. */
    public void flush() {
        flush(buffers, false);
    }

    private void flush(Map<Long, Buffer> which, boolean closing) {
        try (AbstractPipeline pipeline = redis.pipelined()) {
            boolean any = false;
            for (Map.Entry<Long, Buffer> entry : which.entrySet()) {
                byte[] pending = entry.getValue().drain();
                String key = keys.log(entry.getKey());
                if (pending.length > 0) {
                    // Chunks are cut on byte counts; a split UTF-8 sequence shows as one
                    // replacement character in the live view, never in the stored output.
                    for (int offset = 0; offset < pending.length; offset += MAX_CHUNK) {
                        int length = Math.min(MAX_CHUNK, pending.length - offset);
                        pipeline.xadd(key, XAddParams.xAddParams().maxLen(MAX_CHUNKS).approximateTrimming(),
                                Map.of("out", new String(pending, offset, length, StandardCharsets.UTF_8)));
                    }
                    any = true;
                }
                if (closing) {
                    pipeline.xadd(key, XAddParams.xAddParams().maxLen(MAX_CHUNKS).approximateTrimming(), Map.of("end", "1"));
                    pipeline.pexpire(key, KEEP_AFTER_END.toMillis());
                    any = true;
                } else if (pending.length > 0) {
                    pipeline.pexpire(key, Duration.ofDays(8).toMillis());
                }
            }
            if (any) {
                pipeline.sync();
            }
        } catch (RuntimeException e) {
            // The live view is a convenience; the run's output tail is kept in MySQL regardless.
            LOG.debug("Could not update live output: {}", e.getMessage());
        }
    }

    private static final class Buffer {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private boolean written;

        synchronized boolean everWritten() {
            return written;
        }

        synchronized void append(byte[] buffer, int offset, int length) {
            written |= length > 0;
            // Bounded: if Redis is slow, keep only what a live view could show anyway.
            if (bytes.size() + length > MAX_CHUNK * MAX_CHUNKS) {
                bytes.reset();
            }
            bytes.write(buffer, offset, length);
        }

        synchronized byte[] drain() {
            byte[] out = bytes.toByteArray();
            bytes.reset();
            return out;
        }
    }
}
