package io.redcron.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.client.TaskDeclaration;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import java.util.List;
import java.util.Map;

/** How {@link RedcronTask} methods become task declarations, found on a real bean factory. */
class DeclaredTasksTest {

    static class CartJobs {
        @RedcronTask(name = "expire-carts", cron = "*/5 * * * *", timeout = "2m", attempts = 3,
                labels = {"team=shop"}, description = "Expires abandoned carts")
        public void expire() {
        }

        @RedcronTask(name = "nightly", cron = "0 0 3 * * ?", dialect = "quartz", zone = "Europe/Berlin", group = "batch",
                concurrency = "allow", misfire = "skip")
        public void nightly(io.redcron.handler.TaskContext context) {
        }
    }

    static class BadJobs {
        @RedcronTask(name = "bad", cron = "* * * * *", timeout = "soon")
        public void bad() {
        }
    }

    private static List<RedcronTaskMethods.Found> found(Class<?> type) {
        try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext(type)) {
            return RedcronTaskMethods.in(context.getBeanFactory());
        }
    }

    @Test
    void eachAnnotatedMethodIsAJavaTaskOfTheEmbeddedWorkersGroupUnlessItNamesAnother() {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", Map.of("spring.application.name", "shop")));
        List<TaskDeclaration> tasks = DeclaredTasks.of(found(CartJobs.class),
                List.of(TaskDeclaration.named("report").cron("0 6 * * *").shell("./report.sh")), environment);

        assertThat(tasks).extracting(TaskDeclaration::name).containsExactly("expire-carts", "nightly", "report");
        Map<String, Object> expire = tasks.get(0).document();
        assertThat(expire).containsEntry("type", "java").containsEntry("group", "shop").containsEntry("cron", "*/5 * * * *")
                .containsEntry("timeout", "2m").containsEntry("description", "Expires abandoned carts")
                .containsEntry("labels", Map.of("team", "shop"));
        assertThat(expire.get("java")).isEqualTo(Map.of("handler", "expire-carts"));
        Map<String, Object> nightly = tasks.get(1).document();
        assertThat(nightly).containsEntry("group", "batch").containsEntry("dialect", "quartz")
                .containsEntry("zone", "Europe/Berlin").containsEntry("concurrency", "allow").containsEntry("misfire", "skip");
    }

    @Test
    void aBadAttributeNamesTheBeanTheMethodAndTheAttribute() {
        List<RedcronTaskMethods.Found> bad = found(BadJobs.class);

        assertThatThrownBy(() -> DeclaredTasks.of(bad, List.of(), new StandardEnvironment()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("@RedcronTask method bad of bean 'declaredTasksTest.BadJobs' ("
                        + BadJobs.class.getName() + "): timeout:");
    }
}
