package io.redcron.node;

import java.time.Duration;

/** A sleep that ends early when woken (a task changed, shutdown). */
public final class Waiter {
    private final Object lock = new Object();
    private boolean woken;

    public void await(Duration timeout) {
        long millis = Math.max(1, timeout.toMillis());
        synchronized (lock) {
            long deadline = System.currentTimeMillis() + millis;
            while (!woken) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    break;
                }
                try {
                    lock.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            woken = false;
        }
    }

    public void wake() {
        synchronized (lock) {
            woken = true;
            lock.notifyAll();
        }
    }
}
