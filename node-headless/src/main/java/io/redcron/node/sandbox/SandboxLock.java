package io.redcron.node.sandbox;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Keeps a second sandbox off a data folder that one already uses: two Redis servers on one AOF,
 * or two MariaDB servers on one data dir, would corrupt it.
 *
 * <p>The operating system drops the lock when its process dies, however it dies, so a killed
 * sandbox never leaves a stale lock; the pid in the file only serves the error message.
 */
final class SandboxLock implements AutoCloseable {
    static final String FILE_NAME = "sandbox.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private SandboxLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static SandboxLock acquire(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                throw new SandboxException("a sandbox is already running from " + dataDir + " (pid "
                        + holderPid(channel) + ")");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            channel.force(false);
            return new SandboxLock(channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new SandboxException("cannot lock " + file + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            channel.truncate(0); // a pid left behind would only mislead
            lock.release();
        } catch (IOException e) {
            // Closing the channel below releases the lock all the same.
        } finally {
            closeQuietly(channel);
        }
    }

    /** Null when another process, or this one (a second sandbox in the same JVM), holds the lock. */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    private static String holderPid(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(32);
        channel.read(buffer, 0);
        String pid = new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).trim();
        return pid.isEmpty() ? "unknown" : pid;
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }
}
