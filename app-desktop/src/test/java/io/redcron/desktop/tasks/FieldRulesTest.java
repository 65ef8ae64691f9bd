package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The form's own checks: in the words of the form, with what was typed, in both languages. */
class FieldRulesTest {
    private final Messages english = new Messages(Locale.ENGLISH);

    @ParameterizedTest(name = "retries ''{0}''")
    @CsvSource(delimiter = '|', value = {
            "-3    | Retries must be between 0 and 99, got -3",
            "-1    | Retries must be between 0 and 99, got -1",
            "100   | Retries must be between 0 and 99, got 100",
            "1e2   | Retries must be a whole number, got '1e2'",
            "two   | Retries must be a whole number, got 'two'",
            "2.5   | Retries must be a whole number, got '2.5'",
            "' '   | Retries is required"})
    void retriesSpeakOfRetriesAndQuoteTheValueTyped(String typed, String message) {
        assertThat(errors(v -> with(v, "retries", typed))).containsEntry(EditorField.RETRIES, message);
    }

    @ParameterizedTest(name = "{0} ''{1}''")
    @CsvSource(delimiter = '|', value = {
            "timeout          | 0s     | TIMEOUT        | Timeout must be longer than 0s, got 0s",
            "timeout          | 5x     | TIMEOUT        | Timeout must be a duration such as 30s, 5m or 1h30m, got '5x'",
            "timeout          | -5m    | TIMEOUT        | Timeout must be a duration such as 30s, 5m or 1h30m, got '-5m'",
            "timeout          | 8d     | TIMEOUT        | Timeout must be at most 7d, got 8d",
            "timeout          | ''     | TIMEOUT        | Timeout is required",
            "backoff          | abc    | BACKOFF        | First backoff must be a duration such as 30s, 5m or 1h30m, got 'abc'",
            "backoff          | 0ms    | BACKOFF        | First backoff must be longer than 0s, got 0ms",
            "maxBackoff       | 5s     | MAX_BACKOFF    | Longest backoff must not be shorter than First backoff (10s), got 5s",
            "maxBackoff       | soon   | MAX_BACKOFF    | Longest backoff must be a duration such as 30s, 5m or 1h30m, got 'soon'",
            "multiplier       | 0.5    | MULTIPLIER     | Backoff multiplier must be between 1 and 10, got 0.5",
            "multiplier       | 11     | MULTIPLIER     | Backoff multiplier must be between 1 and 10, got 11",
            "multiplier       | x2     | MULTIPLIER     | Backoff multiplier must be a number, got 'x2'",
            "multiplier       | NaN    | MULTIPLIER     | Backoff multiplier must be between 1 and 10, got NaN",
            "jitter           | 1.5    | JITTER         | Jitter must be between 0 and 1, got 1.5",
            "jitter           | -0.1   | JITTER         | Jitter must be between 0 and 1, got -0.1",
            "catchUpLimit     | 0      | CATCH_UP_LIMIT | Catch-up limit must be between 1 and 1000, got 0",
            "catchUpLimit     | 1001   | CATCH_UP_LIMIT | Catch-up limit must be between 1 and 1000, got 1001",
            "catchUpLimit     | ten    | CATCH_UP_LIMIT | Catch-up limit must be a whole number, got 'ten'",
            "zone             | Mars/Olympus | ZONE     | Time zone 'Mars/Olympus' is not a known time zone (for example Europe/Berlin, UTC)",
            "zone             | ''     | ZONE           | Time zone is required",
            "name             | '  '   | NAME           | Name is required",
            "group            | a b    | GROUP          | Group 'a b' may hold only letters, digits, '.', '_' and '-' (1-64, starting with a letter or digit)",
            "group            | -lead  | GROUP          | Group '-lead' may hold only letters, digits, '.', '_' and '-' (1-64, starting with a letter or digit)",
            "cron             | ' '    | CRON           | Cron expression is required",
            "command          | ''     | COMMAND        | Command line is required",
            "labels           | team   | LABELS         | Labels: 'team' is not KEY=value (one per line)",
            "labels           | =ops   | LABELS         | Labels: '=ops' is not KEY=value (one per line)",
            "params           | region | PARAMS         | Parameters: 'region' is not KEY=value (one per line)",
            "params           | 9bad=x | PARAMS         | Parameters: '9bad' is not a parameter name (a letter or _ first, then letters, digits or _)",
            "labels           | -team=ops | LABELS    | Labels: '-team' is not a label key (letters, digits, ., _, / or -, a letter or digit first)",
            "labels           | team name=ops | LABELS | Labels: 'team name' is not a label key (letters, digits, ., _, / or -, a letter or digit first)",
            "params           | my-param=x | PARAMS     | Parameters: 'my-param' is not a parameter name (a letter or _ first, then letters, digits or _)"})
    void eachFieldIsNamedAsLabelled(String property, String typed, EditorField field, String message) {
        assertThat(errors(v -> with(v, property, typed))).containsEntry(field, message);
    }

    @Test
    void longTextsSayHowLongTheyAreAndWhatIsAllowed() {
        assertThat(errors(v -> with(v, "name", "n".repeat(201))))
                .containsEntry(EditorField.NAME, "Name is 201 characters long, at most 200 are allowed");
        assertThat(errors(v -> with(v, "description", "d".repeat(2001))))
                .containsEntry(EditorField.DESCRIPTION, "Description is 2001 characters long, at most 2000 are allowed");
    }

    @Test
    void theEmptyCommandIsNamedAfterTheTaskType() {
        assertThat(errors(v -> withType(v, TaskType.EXEC))).containsEntry(EditorField.COMMAND, "Program is required");
        assertThat(errors(v -> withType(v, TaskType.JAVA))).containsEntry(EditorField.COMMAND, "Handler is required");
        assertThat(errors(v -> withType(v, TaskType.HTTP))).containsEntry(EditorField.URL, "URL is required")
                .doesNotContainKey(EditorField.COMMAND);
    }

    @Test
    void theEnvironmentAndHeadersAreReadOnlyForTheTypesThatShowThem() {
        TaskForm.Values shell = new TaskForm.Values("n", "", "", "0 * * * *", "unix", "UTC", TaskType.SHELL, "true", "",
                "MODE", "GET", "https://example.com", "Accept", "", "", RedirectPolicy.NONE, "1h", "0", "10s", "2",
                "10m", "0.1", MisfirePolicy.FIRE_ONCE, "10", ConcurrencyPolicy.FORBID, true, "", "", "", "");
        assertThat(FieldRules.check(shell, english)).containsOnly(
                Map.entry(EditorField.ENV, "Environment: 'MODE' is not KEY=value (one per line)"));

        TaskForm.Values http = withType(shell, TaskType.HTTP);
        http = new TaskForm.Values(http.name(), http.group(), http.description(), http.cron(), http.dialect(),
                http.zone(), http.type(), http.command(), http.workDir(), http.env(), http.httpMethod(),
                "https://example.com", "Accept", http.body(), http.accept(), http.redirects(), http.timeout(),
                http.retries(), http.backoff(), http.multiplier(), http.maxBackoff(), http.jitter(), http.misfire(),
                http.catchUpLimit(), http.concurrency(), http.enabled(), http.owner(), http.labels(), http.alerts(),
                http.params());
        assertThat(FieldRules.check(http, english)).containsOnly(
                Map.entry(EditorField.HEADERS, "Headers: 'Accept' is not Name: value (one per line)"));
        assertThat(TaskForm.check(http, null).errors()).as("the hidden environment is not read")
                .doesNotContainKey("env");
    }

    @Test
    void everyBadFieldIsReportedAtOnce() {
        TaskForm.Values bad = with(with(with(with(with(valid(), "retries", "-3"), "timeout", "0s"), "jitter", "2"),
                "zone", "Nowhere"), "name", "");

        assertThat(FieldRules.check(bad, english)).containsOnlyKeys(EditorField.RETRIES, EditorField.TIMEOUT,
                EditorField.JITTER, EditorField.ZONE, EditorField.NAME);
    }

    @Test
    void aValidFormHasNothingToSay() {
        assertThat(FieldRules.check(valid(), english)).isEmpty();
        assertThat(errors(v -> with(v, "group", ""))).as("a blank group means the default one").isEmpty();
        assertThat(errors(v -> with(v, "retries", "99"))).isEmpty();
        assertThat(errors(v -> with(v, "timeout", "7d"))).isEmpty();
    }

    @Test
    void chineseMessagesNameTheChineseLabel() {
        Map<EditorField, String> errors = FieldRules.check(with(valid(), "retries", "-3"), new Messages(Locale.CHINA));

        assertThat(errors.get(EditorField.RETRIES)).isEqualTo("重试次数必须在 0 到 99 之间，输入的是 -3");
    }

    /** The form states the domain's bounds in its own terms; this fails when the two drift apart. */
    @Test
    void theBoundsAreTheDomains() {
        assertThat(RetryPolicy.retries(FieldRules.MAX_RETRIES).retries()).isEqualTo(FieldRules.MAX_RETRIES);
        assertThatThrownBy(() -> RetryPolicy.retries(FieldRules.MAX_RETRIES + 1)).isInstanceOf(InvalidTaskException.class);
        assertThatThrownBy(() -> RetryPolicy.retries(-1)).isInstanceOf(InvalidTaskException.class);
        assertThat(task(b -> b.catchUpLimit(FieldRules.MAX_CATCH_UP)).catchUpLimit()).isEqualTo(FieldRules.MAX_CATCH_UP);
        assertThatThrownBy(() -> task(b -> b.catchUpLimit(FieldRules.MAX_CATCH_UP + 1)))
                .isInstanceOf(InvalidTaskException.class);
        assertThatThrownBy(() -> task(b -> b.name("n".repeat(FieldRules.MAX_NAME + 1))))
                .isInstanceOf(InvalidTaskException.class);
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ofSeconds(1), FieldRules.MAX_MULTIPLIER + 0.1,
                Duration.ofSeconds(2), 0)).isInstanceOf(InvalidTaskException.class);
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ofSeconds(1), FieldRules.MIN_MULTIPLIER - 0.1,
                Duration.ofSeconds(2), 0)).isInstanceOf(InvalidTaskException.class);
    }

    @ParameterizedTest(name = "label key ''{0}''")
    @CsvSource({"team", "app.kubernetes.io/name", "a_b-c", "9lives", "-team", "team name", "é", "''"})
    void labelKeysAreReadAsTheTaskReadsThem(String key) {
        boolean taskTakesIt;
        try {
            task(b -> b.labels(Map.of(key, "x")));
            taskTakesIt = true;
        } catch (InvalidTaskException e) {
            taskTakesIt = false;
        }
        assertThat(FieldRules.LABEL_KEY.matcher(key).matches()).isEqualTo(taskTakesIt);
    }

    private static Task task(UnaryOperator<Task.Builder> change) {
        return change.apply(Task.builder().name("t").cron("0 * * * *").payload(new ShellPayload("true", null, Map.of())))
                .build();
    }

    private Map<EditorField, String> errors(UnaryOperator<TaskForm.Values> change) {
        return FieldRules.check(change.apply(valid()), english);
    }

    static TaskForm.Values valid() {
        return new TaskForm.Values("nightly", "default", "", "0 3 * * *", "unix", "UTC", TaskType.SHELL, "echo hi", "",
                "", "GET", "", "", "", "", RedirectPolicy.NONE, "1h", "0", "10s", "2.0", "10m", "0.1",
                MisfirePolicy.FIRE_ONCE, "10", ConcurrencyPolicy.FORBID, true, "", "", "", "");
    }

    private static TaskForm.Values withType(TaskForm.Values v, TaskType type) {
        return new TaskForm.Values(v.name(), v.group(), v.description(), v.cron(), v.dialect(), v.zone(), type, "",
                v.workDir(), v.env(), v.httpMethod(), "", v.headers(), v.body(), v.accept(), v.redirects(), v.timeout(),
                v.retries(), v.backoff(), v.multiplier(), v.maxBackoff(), v.jitter(), v.misfire(), v.catchUpLimit(),
                v.concurrency(), v.enabled(), v.owner(), v.labels(), v.alerts(), v.params());
    }

    /** {@code v} with one text field changed, named as the view-model names its property. */
    static TaskForm.Values with(TaskForm.Values v, String property, String text) {
        return new TaskForm.Values(
                property.equals("name") ? text : v.name(),
                property.equals("group") ? text : v.group(),
                property.equals("description") ? text : v.description(),
                property.equals("cron") ? text : v.cron(),
                v.dialect(),
                property.equals("zone") ? text : v.zone(),
                v.type(),
                property.equals("command") ? text : v.command(),
                v.workDir(), v.env(), v.httpMethod(), v.url(), v.headers(), v.body(), v.accept(), v.redirects(),
                property.equals("timeout") ? text : v.timeout(),
                property.equals("retries") ? text : v.retries(),
                property.equals("backoff") ? text : v.backoff(),
                property.equals("multiplier") ? text : v.multiplier(),
                property.equals("maxBackoff") ? text : v.maxBackoff(),
                property.equals("jitter") ? text : v.jitter(),
                v.misfire(),
                property.equals("catchUpLimit") ? text : v.catchUpLimit(),
                v.concurrency(), v.enabled(), v.owner(),
                property.equals("labels") ? text : v.labels(), v.alerts(),
                property.equals("params") ? text : v.params());
    }
}
