package io.redcron.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.handler.TaskContext;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A {@link RedcronTask} method called as a task handler: what the run sees of what it does. */
class TaskMethodHandlerTest {
    private final Jobs jobs = new Jobs();

    private TaskMethodHandler handler(String method, Class<?>... parameters) throws NoSuchMethodException {
        Method found = Jobs.class.getMethod(method, parameters);
        return new TaskMethodHandler("job", "jobs", jobs, found);
    }

    @Test
    void aMethodGetsTheRunsContextOrNothing() throws Exception {
        TaskContext context = new Context(9);
        handler("withContext", TaskContext.class).run(context);
        handler("withoutContext").run(context);

        assertThat(jobs.calls).containsExactly("run 9", "no context");
        assertThat(handler("withoutContext")).hasToString("bean 'jobs' method withoutContext");
        assertThat(handler("withoutContext").name()).isEqualTo("job");
    }

    @Test
    void whatTheMethodThrowsIsWhatTheRunFailsWith() throws NoSuchMethodException {
        assertThatThrownBy(() -> handler("checked").run(new Context(1))).isInstanceOf(IOException.class)
                .hasMessage("disk full");
        assertThatThrownBy(() -> handler("error").run(new Context(1))).isInstanceOf(AssertionError.class)
                .hasMessage("broken");
    }

    @Test
    void onlyNoArgumentOrOneTaskContextIsAccepted() throws NoSuchMethodException {
        assertThat(TaskMethodHandler.accepts(Jobs.class.getMethod("withContext", TaskContext.class))).isTrue();
        assertThat(TaskMethodHandler.accepts(Jobs.class.getMethod("withoutContext"))).isTrue();
        assertThat(TaskMethodHandler.accepts(Jobs.class.getMethod("twoArguments", TaskContext.class, String.class)))
                .isFalse();
        assertThat(TaskMethodHandler.accepts(Jobs.class.getMethod("aString", String.class))).isFalse();
    }

    public static class Jobs {
        final List<String> calls = new ArrayList<>();

        public void withContext(TaskContext context) {
            calls.add("run " + context.runId());
        }

        public String withoutContext() {
            calls.add("no context");
            return "ignored";
        }

        public void checked() throws IOException {
            throw new IOException("disk full");
        }

        public void error() {
            throw new AssertionError("broken");
        }

        public void twoArguments(TaskContext context, String extra) {
        }

        public void aString(String what) {
        }
    }

    private record Context(long runId) implements TaskContext {
        @Override
        public long taskId() {
            return 1;
        }

        @Override
        public int attempt() {
            return 1;
        }

        @Override
        public Instant scheduledAt() {
            return Instant.EPOCH;
        }

        @Override
        public Map<String, String> params() {
            return Map.of();
        }

        @Override
        public Map<String, String> settings() {
            return Map.of();
        }

        @Override
        public PrintStream out() {
            return System.out;
        }

        @Override
        public boolean isCancelled() {
            return false;
        }
    }
}
