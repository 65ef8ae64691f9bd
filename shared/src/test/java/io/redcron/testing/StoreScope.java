package io.redcron.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Closes a store fixture when its owner is done: registered with {@code @RegisterExtension} on a
 * static field it lives as long as the test class, on an instance field as long as one test.
 * JUnit calls the after-each callback of a static extension too, so the class scope is noted when
 * the before-all callback comes, which only a static extension receives; the class that gets it
 * first owns the fixture (a nested class ending does not close its outer class's stores).
 */
public abstract class StoreScope implements BeforeAllCallback, AfterAllCallback, AfterEachCallback, AutoCloseable {
    private volatile Class<?> owner;

    @Override
    public final synchronized void beforeAll(ExtensionContext context) {
        if (owner == null) {
            owner = context.getRequiredTestClass();
        }
    }

    @Override
    public final void afterEach(ExtensionContext context) {
        if (owner == null) {
            close();
        }
    }

    @Override
    public final void afterAll(ExtensionContext context) {
        if (context.getRequiredTestClass() == owner) {
            close();
        }
    }

    /** Releases what the fixture opened; a second call does nothing. */
    @Override
    public abstract void close();
}
