package io.redcron.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.SampleWorkflows;
import io.redcron.workflow.Edge;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.InvalidWorkflowException;
import io.redcron.workflow.Join;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkflowDocumentTest {
    private static final String NIGHTLY = SampleWorkflows.nightlyEtl();

    @Test
    void theIssuesExampleReadsAsWritten() {
        WorkflowDocument.Definition read = read(NIGHTLY);
        Workflow workflow = read.workflow();

        assertThat(workflow.name()).isEqualTo("nightly-etl");
        assertThat(workflow.namespace()).isEqualTo("ops");
        assertThat(workflow.cron()).isEqualTo("0 2 * * *");
        assertThat(workflow.zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
        assertThat(workflow.misfirePolicy()).isEqualTo(MisfirePolicy.FIRE_ONCE);
        assertThat(workflow.concurrencyPolicy()).isEqualTo(ConcurrencyPolicy.FORBID);
        assertThat(workflow.params()).isEqualTo(Map.of("REGION", "eu"));
        assertThat(workflow.enabled()).isTrue();
        assertThat(read.enabledGiven()).isFalse();
        assertThat(read.version()).isNull();
        assertThat(workflow.steps()).extracting(Step::name)
                .containsExactly("extract", "clean", "enrich", "load", "alert", "sub");
        Step load = workflow.graph().step("load");
        assertThat(load.after()).containsExactly(Edge.onSuccess("clean"), Edge.onSuccess("enrich"));
        assertThat(load.params()).isEqualTo(Map.of("MODE", "full"));
        assertThat(workflow.graph().step("enrich").after()).containsExactly(Edge.onSuccess("extract"));
        assertThat(workflow.graph().step("alert").after()).containsExactly(new Edge("load", EdgeCondition.FAILURE));
        assertThat(workflow.graph().step("sub").target()).isEqualTo(StepTarget.workflow("archive"));
    }

    @Test
    void aMinimalFileTakesTheDefaults() {
        Workflow workflow = read("""
                name: tiny
                steps: [{name: only, task: t}]
                """).workflow();

        assertThat(workflow.cron()).isNull();
        assertThat(workflow.dialect()).isEqualTo(CronDialect.UNIX);
        assertThat(workflow.zone()).isEqualTo(ZoneId.of("UTC"));
        assertThat(workflow.misfirePolicy()).isEqualTo(MisfirePolicy.FIRE_ONCE);
        assertThat(workflow.concurrencyPolicy()).isEqualTo(ConcurrencyPolicy.FORBID);
        assertThat(workflow.catchUpLimit()).isEqualTo(1);
    }

    @Test
    void whatIsWrittenAsYamlOrJsonReadsBackTheSame() throws Exception {
        Workflow original = new Workflow(null, "ops", "tricky", "yes", "*/5 * * * *", CronDialect.UNIX,
                ZoneId.of("Asia/Shanghai"), MisfirePolicy.CATCH_UP, 7, ConcurrencyPolicy.REPLACE, false,
                Map.of("N", "1", "FLAG", "true", "EMPTY", "", "COLON", "a: b # c"),
                List.of(new Step("a", StepTarget.task("ta"), Map.of(), null, List.of()),
                        new Step("b", StepTarget.workflow("wb"), Map.of("X", "null"), null, List.of()),
                        new Step("c", StepTarget.task("tc"), Map.of(), Join.ANY,
                                List.of(new Edge("a", EdgeCondition.FAILURE), new Edge("b", EdgeCondition.ALWAYS)))),
                0, null, null, null);
        Workflow stored = original.stored(42, 3, Instant.parse("2026-12-01T10:00:00Z"),
                Instant.parse("2026-12-02T10:00:00Z"), Instant.parse("2026-12-03T10:05:00Z"));

        JsonNode doc = WorkflowDocument.write(stored, Locale.ENGLISH);
        String yaml = WorkflowDocument.yaml(doc);
        String json = new ObjectMapper().writeValueAsString(doc);

        for (String text : List.of(yaml, json)) {
            WorkflowDocument.Definition back = WorkflowDocument.read(WorkflowDocument.parse(
                    text.getBytes(StandardCharsets.UTF_8), "file"), "ops", null);
            assertThat(back.workflow()).as(text).isEqualTo(original);
            assertThat(back.version()).isEqualTo(3);
            assertThat(back.enabledGiven()).isTrue();
        }
        assertThat(yaml).contains("name: tricky").contains("- name: c").contains("join: any")
                .contains("nextFireAt: 2026-12-03T18:05:00+08:00");
        assertThat(doc.get("id").asLong()).isEqualTo(42);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            unknown key            | {name: w, steps: [{name: a, task: t}], retries: 3}               | retries: is not a workflow key
            unknown step key       | {name: w, steps: [{name: a, task: t, timeout: 5m}]}              | steps[0].timeout: is not a step key
            unknown edge key       | {name: w, steps: [{name: a, task: t}, {name: b, task: t, after: [{step: a, if: ok}]}]} | steps[1].after[0].if: is not an edge key
            no name                | {steps: [{name: a, task: t}]}                                     | name: is required
            no steps               | {name: w}                                                        | steps: is required
            steps not a list       | {name: w, steps: {a: t}}                                         | steps: must be a list
            step not a mapping     | {name: w, steps: [a]}                                            | steps[0]: must be a mapping
            step without name      | {name: w, steps: [{task: t}]}                                    | steps[0].name: is required
            step without target    | {name: w, steps: [{name: a}]}                                    | steps[0]: needs a task or a workflow
            step with both         | {name: w, steps: [{name: a, task: t, workflow: v}]}               | steps[0]: give one of task and workflow
            after not a list       | {name: w, steps: [{name: a, task: t}, {name: b, task: t, after: {a: 1}}]} | steps[1].after: must be a list
            edge not a name        | {name: w, steps: [{name: a, task: t}, {name: b, task: t, after: [[a]]}]} | steps[1].after[0]: must be a step name
            edge without step      | {name: w, steps: [{name: a, task: t}, {name: b, task: t, after: [{when: failure}]}]} | steps[1].after[0].step: is required
            bad when               | {name: w, steps: [{name: a, task: t}, {name: b, task: t, after: [{step: a, when: sometimes}]}]} | steps[1].after[0].when: 'sometimes' is not one of success, failure, always
            bad join               | {name: w, steps: [{name: a, task: t}, {name: b, task: t, join: most, after: [a]}]} | steps[1].join: 'most' is not one of all, any
            bad step params        | {name: w, steps: [{name: a, task: t, params: [x]}]}               | steps[0].params: must be a mapping
            bad params value       | {name: w, params: {A: [1]}, steps: [{name: a, task: t}]}          | params: value of 'A' must be a single value
            bad param name         | {name: w, params: {1A: x}, steps: [{name: a, task: t}]}           | params: parameter name '1A'
            unknown parent         | {name: w, steps: [{name: a, task: t}, {name: load, task: t, after: [nope]}]} | step load: depends on unknown step 'nope'
            cycle                  | {name: w, steps: [{name: a, task: t, after: [b]}, {name: b, task: t, after: [a]}]} | step a: is on a cycle
            duplicate step         | {name: w, steps: [{name: a, task: t}, {name: a, task: u}]}        | step a: is named twice
            bad cron               | {name: w, cron: 'x y', steps: [{name: a, task: t}]}               | cron:
            bad dialect            | {name: w, dialect: cobol, steps: [{name: a, task: t}]}            | dialect: 'cobol' is not one of unix, quartz, spring
            bad zone               | {name: w, zone: Mars/Base, steps: [{name: a, task: t}]}           | zone: 'Mars/Base' is not an IANA time zone
            bad misfire            | {name: w, misfire: often, steps: [{name: a, task: t}]}            | misfire: 'often' is not one of
            bad concurrency        | {name: w, concurrency: maybe, steps: [{name: a, task: t}]}        | concurrency: 'maybe' is not one of
            bad catch-up limit     | {name: w, catchUpLimit: many, steps: [{name: a, task: t}]}        | catchUpLimit: must be a whole number
            catch-up out of range  | {name: w, catchUpLimit: 0, steps: [{name: a, task: t}]}           | catch-up-limit: must be 1-1000
            bad enabled            | {name: w, enabled: maybe, steps: [{name: a, task: t}]}            | enabled: must be true or false
            bad version            | {name: w, version: two, steps: [{name: a, task: t}]}              | version: must be the whole number
            not a mapping          | [1, 2]                                                           | file: must hold one workflow
            """)
    void everyErrorIsOneLineNamingItsField(String why, String text, String expected) {
        assertThatThrownBy(() -> read(text))
                .isInstanceOf(InvalidWorkflowException.class)
                .satisfies(e -> assertThat(e.getMessage()).as(why).startsWith(expected).doesNotContain("\n"));
    }

    @Test
    void textThatIsNotYamlIsAFileError() {
        assertThatThrownBy(() -> WorkflowDocument.parse("name: [unclosed".getBytes(StandardCharsets.UTF_8), "w.yaml"))
                .isInstanceOf(InvalidWorkflowException.class)
                .hasMessageStartingWith("file: w.yaml is not valid YAML/JSON")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aMissingNameIsTakenFromTheDefaultAnUpdateGives() {
        assertThat(WorkflowDocument.read(WorkflowDocument.parse("steps: [{name: a, task: t}]"
                .getBytes(StandardCharsets.UTF_8), "f"), "ops", "given").workflow().name()).isEqualTo("given");
    }

    private static WorkflowDocument.Definition read(String text) {
        return WorkflowDocument.read(WorkflowDocument.parse(text.getBytes(StandardCharsets.UTF_8), "test"), "ops", null);
    }
}
