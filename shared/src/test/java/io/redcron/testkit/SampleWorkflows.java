package io.redcron.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Workflow files the document tests and the CLI's tests both read, so they test one text. */
public final class SampleWorkflows {
    private SampleWorkflows() {
    }

    /**
     * {@code nightly-etl}: six steps over the tasks extract-orders, clean-orders, enrich-orders,
     * load-warehouse and notify-failure, with a fan-out, a fan-in, a failure edge and a step that
     * runs the workflow {@code archive}.
     */
    public static String nightlyEtl() {
        return read("nightly-etl.yaml");
    }

    private static String read(String name) {
        try (InputStream in = SampleWorkflows.class.getResourceAsStream("/workflows/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource workflows/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
