package io.redcron.desktop.runs;

import io.redcron.desktop.ui.UiExecutor;
import io.redcron.ops.FollowOutput;
import io.redcron.ops.FollowOutput.OutputBatch;
import io.redcron.port.LiveOutput;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * Reads a running run's live output, one read per submit so that each batch reaches the view as
 * it comes, until the output ends or the tail is stopped. A stopped tail's reads still under way
 * are ignored when they return.
 */
final class OutputTail {
    private final FollowOutput output;
    private final UiExecutor executor;
    private final Duration block;
    private long generation;

    /** @param block how long one read waits for more; also how soon a stopped tail's last read returns */
    OutputTail(FollowOutput output, UiExecutor executor, Duration block) {
        this.output = output;
        this.executor = executor;
        this.block = block;
    }

    /** Follows {@code runId} from the start of its kept output, instead of whatever was followed before. */
    void follow(long runId, Consumer<OutputBatch> onBatch, Consumer<Throwable> onFailure) {
        read(runId, ++generation, LiveOutput.START, onBatch, onFailure);
    }

    void stop() {
        generation++;
    }

    private void read(long runId, long mine, String after, Consumer<OutputBatch> onBatch, Consumer<Throwable> onFailure) {
        executor.submit(() -> output.next(runId, after, block), batch -> {
            if (mine != generation) {
                return;
            }
            onBatch.accept(batch);
            if (!batch.ended() && mine == generation) {
                read(runId, mine, batch.cursor(), onBatch, onFailure);
            }
        }, failure -> {
            if (mine == generation) {
                onFailure.accept(failure);
            }
        });
    }
}
