package io.redcron.node.testkit;

import io.redcron.handler.TaskHandler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;

/**
 * A class loader whose only task handler is {@link CommandedHandler}: the node's java executor
 * finds handlers with {@link java.util.ServiceLoader}, and this one lists just that.
 */
final class HandlerLoader extends ClassLoader {
    private static final String SERVICES = "META-INF/services/" + TaskHandler.class.getName();
    private static final URL LISTING = listing();

    HandlerLoader() {
        super(HandlerLoader.class.getClassLoader());
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        return SERVICES.equals(name) ? Collections.enumeration(java.util.List.of(LISTING)) : super.getResources(name);
    }

    private static URL listing() {
        try {
            Path file = Files.createTempFile("redcron-handlers", ".txt");
            file.toFile().deleteOnExit();
            Files.writeString(file, CommandedHandler.class.getName() + "\n", StandardCharsets.UTF_8);
            return file.toUri().toURL();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
