package io.redcron.node.worker.execution;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class OutputPumpTest {

    @Test
    void helperThreadsAreKeptForTheNextAttempts() throws InterruptedException {
        HelperThreads helpers = new HelperThreads("test-helper");

        for (int i = 0; i < 50; i++) {
            OutputSink sink = new OutputSink(1024, OutputListener.NONE);
            OutputPump pump = new OutputPump(stream("attempt " + i + "\n"), sink).start(helpers);
            assertThat(pump.awaitEnd(Duration.ofSeconds(30))).isTrue();
            assertThat(sink.text()).isEqualTo("attempt " + i + "\n");
        }

        // A thread per attempt would be 50; a helper back in the pool a moment late costs one more.
        assertThat(helpers.size()).isLessThan(5);
    }

    @Test
    void aStopMeantForOneAttemptNeverReachesTheNextOnTheSameThread() throws Exception {
        ExecutorService oneThread = Executors.newSingleThreadExecutor();
        try {
            PipedOutputStream program = new PipedOutputStream();
            OutputSink sink = new OutputSink(1024, OutputListener.NONE);
            OutputPump stopped = new OutputPump(new PipedInputStream(program), sink).start(oneThread);
            program.write("partial\n".getBytes(StandardCharsets.UTF_8));
            program.flush();
            org.awaitility.Awaitility.await().until(() -> sink.text().equals("partial\n"));

            stopped.abort();
            assertThat(stopped.awaitEnd(Duration.ofSeconds(30))).isTrue();
            OutputPump ended = new OutputPump(stream("done\n"), new OutputSink(1024, OutputListener.NONE)).start(oneThread);
            assertThat(ended.awaitEnd(Duration.ofSeconds(30))).isTrue();
            ended.abort(); // too late: its copy is over

            assertThat(oneThread.submit(() -> Thread.currentThread().isInterrupted()).get(30, TimeUnit.SECONDS)).isFalse();
            assertThat(sink.text()).isEqualTo("partial\n");
        } finally {
            oneThread.shutdownNow();
        }
    }

    @Test
    void aPumpAbortedBeforeItsTurnReadsNothing() throws InterruptedException {
        ExecutorService oneThread = Executors.newSingleThreadExecutor();
        try {
            java.util.concurrent.CountDownLatch busy = new java.util.concurrent.CountDownLatch(1);
            oneThread.execute(() -> {
                try {
                    busy.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            OutputSink sink = new OutputSink(1024, OutputListener.NONE);
            OutputPump pump = new OutputPump(stream("never read\n"), sink).start(oneThread);

            pump.abort();
            busy.countDown();

            assertThat(pump.awaitEnd(Duration.ofSeconds(30))).isTrue();
            assertThat(sink.text()).isEmpty();
        } finally {
            oneThread.shutdownNow();
        }
    }

    @Test
    void aLimitLeavesTheRestUnreadAndSaysSo() throws InterruptedException {
        OutputSink sink = new OutputSink(1024, OutputListener.NONE);

        OutputPump pump = new OutputPump(stream("0123456789"), sink, 4).start(new HelperThreads("test-helper"));

        assertThat(pump.awaitEnd(Duration.ofSeconds(30))).isTrue();
        assertThat(sink.text()).isEqualTo("0123");
        assertThat(pump.cut()).isTrue();
    }

    private static ByteArrayInputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
