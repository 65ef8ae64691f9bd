package io.redcron.node.worker.execution;

/**
 * Receives output chunks as they come, for the live tail. Called from the thread that reads the
 * output: an implementation must return quickly (hand the bytes off, never wait on a network
 * round trip), or the program writing the output stalls on a full pipe. The buffer is reused
 * after the call returns. An exception thrown here stops further chunks to this listener but
 * never fails the run.
 */
@FunctionalInterface
public interface OutputListener {

    OutputListener NONE = (buffer, offset, length) -> { };

    void onOutput(byte[] buffer, int offset, int length);
}
