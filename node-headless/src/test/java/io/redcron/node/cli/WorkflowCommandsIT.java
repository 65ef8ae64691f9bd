package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.port.PageRequest;
import io.redcron.port.WorkflowRuns;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlWorkflowRuns;
import io.redcron.testkit.SampleWorkflows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Workflows from the command line against the real stores, with no node running: the leader's
 * part (starting runs, settling steps) is done here through the port, fenced by an epoch the test
 * takes, as the leader would.
 */
class WorkflowCommandsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    private static final String NIGHTLY = SampleWorkflows.nightlyEtl();

    @TempDir
    Path dir;
    private StoreCli cli;

    @BeforeEach
    void namespace() throws IOException {
        cli = database.inNewNamespace();
        for (String task : List.of("extract-orders", "clean-orders", "enrich-orders", "load-warehouse",
                "notify-failure", "archive-orders")) {
            cli.ok("task add", "--name", task, "--cron", "0 3 * * *", "--shell", "echo " + task);
        }
        cli.ok("workflow add", "-f", file("archive.yaml", "name: archive\nsteps: [{name: only, task: archive-orders}]\n"));
        assertThat(cli.ok("workflow add", "-f", file("nightly.yaml", NIGHTLY)))
                .matches("Added workflow 'nightly-etl' \\(id \\d+\\): 6 steps, At 02:00\\.\nNext fire: \\S+\\+0[12]:00\n");
    }

    @Test
    void aWorkflowIsListedAndShownWithItsGraph() {
        String list = cli.ok("workflow list");
        assertThat(list).startsWith("NAME         SCHEDULE").contains("archive      manual only")
                .containsPattern("nightly-etl  0 2 \\* \\* \\* \\(unix, Europe/Berlin\\)  \\S+  yes      6      -");
        JsonNode listed = cli.json("workflow list");
        assertThat(listed).hasSize(2);
        assertThat(listed.get(1).get("name").asText()).isEqualTo("nightly-etl");

        String shown = cli.ok("workflow show", "nightly-etl");
        assertThat(shown).contains("Description:  extract, transform twice, load")
                .contains("Schedule:     0 2 * * * (unix, Europe/Berlin)")
                .contains("Concurrency:  forbid")
                .contains("Parameters:   {REGION=eu}")
                .contains("extract  task extract-orders  (start)")
                .contains("enrich   task enrich-orders   extract succeeded")
                .containsPattern("load +task load-warehouse +all of: clean succeeded, enrich succeeded +\\{MODE=full}")
                .containsPattern("alert +task notify-failure +load failed")
                .containsPattern("sub +workflow archive +\\(start\\)");

        JsonNode doc = cli.json("workflow show", "nightly-etl");
        assertThat(doc.get("version").asLong()).isEqualTo(1);
        assertThat(doc.get("steps")).hasSize(6);
        assertThat(doc.at("/steps/4/after/0/when").asText()).isEqualTo("failure");
        assertThat(cli.ok("workflow show", "nightly-etl", "--output", "yaml")).startsWith("name: nightly-etl\n")
                .contains("  after:\n  - clean\n  - enrich\n");
    }

    @Test
    void whatShowPrintsIsAFileThatUpdateAndAddTakeBack() throws IOException {
        Path yaml = Files.writeString(dir.resolve("etl.yaml"), cli.ok("workflow show", "nightly-etl", "--output", "yaml")
                .replace("transform twice", "transform thrice"));
        assertThat(cli.ok("workflow update", "nightly-etl", "-f", yaml.toString()))
                .isEqualTo("Updated workflow 'nightly-etl' (version 2): 6 steps.\n");
        assertThat(cli.json("workflow show", "nightly-etl").get("description").asText()).isEqualTo("extract, transform thrice, load");

        // The same file again: it was read at version 1, so it is refused, naming who changed what.
        Cli.Result stale = cli.run("workflow update", "nightly-etl", "-f", yaml.toString());
        assertThat(stale.exitCode()).as(stale.toString()).isEqualTo(ExitCode.CONFLICT);
        assertThat(stale.err()).isEqualTo("redcron-node: workflow 'nightly-etl' was changed by someone else (version 2,"
                + " you edited version 1); reload it and apply your change again\n");

        Path json = Files.writeString(dir.resolve("etl.json"), cli.ok("workflow show", "nightly-etl", "--json"));
        assertThat(cli.json("workflow update", "nightly-etl", "-f", json.toString()).get("version").asLong()).isEqualTo(3);

        Path copy = Files.writeString(dir.resolve("copy.json"), cli.ok("workflow show", "nightly-etl", "--json")
                .replace("\"nightly-etl\"", "\"weekly-etl\""));
        JsonNode added = cli.json("workflow add", "-f", copy.toString());
        assertThat(added.get("name").asText()).isEqualTo("weekly-etl");
        assertThat(added.get("version").asLong()).isEqualTo(1);

        Cli.Result duplicate = cli.run("workflow add", "-f", copy.toString());
        assertThat(duplicate.exitCode()).isEqualTo(ExitCode.CONFLICT);
        assertThat(duplicate.err()).isEqualTo("redcron-node: name: a workflow named 'weekly-etl' already exists in"
                + " namespace '" + cli.namespace + "'\n");
    }

    @Test
    void badFilesAndFlagsAreOneLineNamingTheField() throws IOException {
        assertRefused(cli.run("workflow add", "-f", file("a.yaml", "name: w\nsteps: [{name: a, task: extract-orders, timeout: 5m}]\n")),
                ExitCode.INVALID, "steps[0].timeout: is not a step key (name, task, workflow, params, join, after)");
        assertRefused(cli.run("workflow add", "-f", file("b.yaml", "name: w\nsteps:\n  - {name: a, task: extract-orders}\n"
                + "  - {name: b, task: clean-orders, after: [{step: a, when: later}]}\n")),
                ExitCode.INVALID, "steps[1].after[0].when: 'later' is not one of success, failure, always");
        assertRefused(cli.run("workflow add", "-f", file("c.yaml", "name: w\nsteps: [{name: load, task: nope}]\n")),
                ExitCode.INVALID, "step load: task 'nope' does not exist");
        assertRefused(cli.run("workflow add", "-f", file("d.yaml", "name: w\nsteps: [{name: a, task: t, after: [a]}]\n")),
                ExitCode.INVALID, "step a: depends on itself");
        assertRefused(cli.run("workflow add", "-f", file("e.yaml", "name: [w\n")), ExitCode.INVALID,
                "file: " + dir.resolve("e.yaml") + " is not valid YAML/JSON");
        assertRefused(cli.run("workflow add", "-f", dir.resolve("missing.yaml").toString()), ExitCode.INVALID,
                "file: " + dir.resolve("missing.yaml") + " does not exist");
        assertRefused(cli.run("workflow add"), ExitCode.INVALID, "Missing required option: '--file=FILE'");
        assertRefused(cli.run("workflow update", "nightly-etl", "-f", file("f.yaml", "name: other\nsteps: [{name: a, task: extract-orders}]\n")),
                ExitCode.INVALID, "name: the file names 'other', not 'nightly-etl'");
        assertRefused(cli.run("workflow show", "nightly-etl", "--output", "xml"), ExitCode.INVALID,
                "--output: 'xml' is not one of text, json, yaml");
        assertRefused(cli.run("workflow runs", "--limit", "0"), ExitCode.INVALID, "--limit: must be 1-10000, got 0");
        assertRefused(cli.run("workflow trigger", "nightly-etl", "-p", "1X=y"), ExitCode.INVALID,
                "params: parameter name '1X' must match");
        assertRefused(cli.run("workflow runs show", "abc"), ExitCode.INVALID, "Invalid value for positional parameter");

        assertRefused(cli.run("workflow show", "nope"), ExitCode.NOT_FOUND, "no workflow named 'nope' in namespace '"
                + cli.namespace + "'");
        assertRefused(cli.run("workflow update", "nope", "-f", file("g.yaml", "steps: [{name: a, task: extract-orders}]\n")),
                ExitCode.NOT_FOUND, "no workflow named 'nope'");
        assertRefused(cli.run("workflow trigger", "nope"), ExitCode.NOT_FOUND, "no workflow named 'nope'");
        assertRefused(cli.run("workflow pause", "nope"), ExitCode.NOT_FOUND, "no workflow named 'nope'");
        assertRefused(cli.run("workflow delete", "nope"), ExitCode.NOT_FOUND, "no workflow named 'nope'");
        assertRefused(cli.run("workflow runs", "nope"), ExitCode.NOT_FOUND, "no workflow named 'nope'");
        assertRefused(cli.run("workflow runs show", "987654321"), ExitCode.NOT_FOUND, "no workflow run 987654321");
        assertRefused(cli.run("workflow cancel", "987654321"), ExitCode.NOT_FOUND, "no workflow run 987654321");
        assertRefused(cli.run("workflow rerun", "987654321"), ExitCode.NOT_FOUND, "no workflow run 987654321");
        assertThat(cli.json("workflow show", "nightly-etl").get("version").asLong()).as("nothing changed").isEqualTo(1);
    }

    @Test
    void theRunsOfAWorkflowNamedShowAreListedWithTheWorkflowOption() {
        cli.ok("workflow add", "-f", file("show.yaml", "name: show\nsteps: [{name: a, task: extract-orders}]\n"));
        cli.ok("workflow trigger", "show");

        JsonNode runs = cli.json("workflow runs", "--workflow", "show");
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).get("workflow").asText()).isEqualTo("show");
        assertThat(cli.json("workflow runs", "archive")).isEmpty();
        assertRefused(cli.run("workflow runs", "archive", "--workflow", "show"), ExitCode.INVALID,
                "--workflow: names 'show', NAME names 'archive'; give one");
    }

    @Test
    void anEndlessFileIsReadOnlyUpToTheLimitThenRefused() {
        assertRefused(cli.run("workflow add", "-f", "/dev/zero"), ExitCode.INVALID,
                "file: /dev/zero is over 1 MiB; a workflow file is at most 1 MiB");
        assertRefused(cli.run("workflow update", "nightly-etl", "-f", "/dev/zero"), ExitCode.INVALID,
                "file: /dev/zero is over 1 MiB");
    }

    @Test
    void textThatWouldActOnTheTerminalIsShownAsPictures() {
        cli.ok("workflow add", "-f", file("esc.json", "{\"name\": \"esc\", \"description\": \"red \\u001B[31m bell \\u0007\","
                + " \"params\": {\"P\": \"\\u001B[2J\"}, \"steps\": [{\"name\": \"a\", \"task\": \"extract-orders\"}]}"));
        String shown = cli.ok("workflow show", "esc");
        assertThat(shown).contains("Description:  red \u241B[31m bell \u2407").contains("{P=\u241B[2J}")
                .doesNotContain("\u001B").doesNotContain("\u0007");
        assertThat(cli.ok("workflow show", "esc", "--json")).contains("red \\u001B[31m bell \\u0007")
                .doesNotContain("\u001B");
        assertThat(cli.ok("workflow show", "esc", "--output", "yaml")).doesNotContain("\u001B").doesNotContain("\u0007");
        assertThat(cli.json("workflow show", "esc").get("description").asText()).isEqualTo("red \u001B[31m bell \u0007");
    }

    @Test
    void aPausedWorkflowRefusesTriggersUntilResumed() {
        assertThat(cli.ok("workflow pause", "nightly-etl")).isEqualTo("Workflow 'nightly-etl' is paused: its cron records"
                + " no runs and triggers are refused until it is resumed; runs under way go on.\n");
        assertThat(cli.ok("workflow pause", "nightly-etl")).isEqualTo("Workflow 'nightly-etl' was already paused.\n");
        assertThat(cli.ok("workflow list")).containsPattern("nightly-etl .* -  +paused  +6");
        assertRefused(cli.run("workflow trigger", "nightly-etl"), ExitCode.INVALID,
                "workflow 'nightly-etl' is paused; resume it first");

        // An update from a file that does not say 'enabled' leaves it paused.
        String file = file("paused.yaml", NIGHTLY.replace("description: extract", "description: still paused, extract"));
        cli.ok("workflow update", "nightly-etl", "-f", file);
        assertThat(cli.json("workflow show", "nightly-etl").get("enabled").asBoolean()).isFalse();

        assertThat(cli.ok("workflow resume", "nightly-etl")).startsWith("Workflow 'nightly-etl' is resumed; next fire: ");
        assertThat(cli.json("workflow show", "nightly-etl").get("enabled").asBoolean()).isTrue();
        assertThat(cli.ok("workflow trigger", "nightly-etl")).startsWith("Triggered workflow 'nightly-etl'");
    }

    @Test
    void aTriggeredRunIsRecordedQueuedWithItsStepsPending() {
        String out = cli.ok("workflow trigger", "nightly-etl", "-p", "DAY=2026-11-30", "--param", "REGION=us");
        assertThat(out).matches("Triggered workflow 'nightly-etl': workflow run \\d+ is queued\\. Follow it with:"
                + " redcron-node workflow runs show \\d+\n");
        long id = cli.json("workflow trigger", "archive").get("id").asLong();

        JsonNode runs = cli.json("workflow runs");
        assertThat(runs).hasSize(2);
        assertThat(runs.get(0).get("id").asLong()).isEqualTo(id);
        JsonNode nightly = cli.json("workflow runs", "nightly-etl").get(0);
        assertThat(nightly.get("status").asText()).isEqualTo("QUEUED");
        assertThat(nightly.get("trigger").asText()).isEqualTo("manual");
        assertThat(nightly.get("params").toString()).isEqualTo("{\"DAY\":\"2026-11-30\",\"REGION\":\"us\"}");
        assertThat(cli.ok("workflow runs", "nightly-etl")).startsWith("ID  ").contains("nightly-etl  manual   QUEUED");
        assertThat(cli.ok("workflow runs", "--limit", "1")).contains("(1 of 2; next page: --offset 1)");

        long nightlyId = nightly.get("id").asLong();
        JsonNode shown = cli.json("workflow runs show", Long.toString(nightlyId));
        assertThat(shown.get("steps")).hasSize(6);
        shown.get("steps").forEach(step -> {
            assertThat(step.get("status").asText()).isEqualTo("PENDING");
            assertThat(step.get("round").asInt()).isEqualTo(1);
            assertThat(step.get("runId").isNull()).isTrue();
        });
        assertThat(cli.ok("workflow runs show", Long.toString(nightlyId)))
                .contains("Workflow run: " + nightlyId, "Status:       QUEUED", "Parameters:   {DAY=2026-11-30, REGION=us}")
                .containsPattern("extract +PENDING +1 +- ");
    }

    @Test
    void aStepsRunNamesItsWorkflowRunAndACancelledRunIsRunAgain() {
        long id = cli.json("workflow trigger", "nightly-etl").get("id").asLong();
        WorkflowRuns runs = new MysqlWorkflowRuns(cli.pool());
        long epoch = new MysqlFencingEpochs(cli.pool(), Clock.systemUTC()).advance(cli.namespace, "test-leader");
        WorkflowRuns.Advance advanced = runs.advance(cli.namespace, epoch, id, Instant.now());
        assertThat(advanced.queued()).as("extract's run; the child workflow's run is not a task run").hasSize(1);

        JsonNode steps = cli.json("workflow runs show", Long.toString(id)).get("steps");
        long extractRun = steps.get(0).get("runId").asLong();
        assertThat(steps.get(0).get("status").asText()).isEqualTo("RUNNING");
        assertThat(steps.get(5).get("childRunId").asLong()).isPositive();
        assertThat(cli.ok("workflow runs show", Long.toString(id))).contains("Status:       RUNNING")
                .containsPattern("extract +RUNNING +1 +run " + extractRun)
                .containsPattern("sub +RUNNING +1 +workflow run " + steps.get(5).get("childRunId").asLong());

        assertThat(cli.ok("runs show", Long.toString(extractRun))).contains("Trigger:    workflow")
                .contains("Workflow:   nightly-etl, workflow run " + id + ", step extract");
        JsonNode stepRun = cli.json("runs show", Long.toString(extractRun));
        assertThat(stepRun.get("workflowStep").toString()).isEqualTo("{\"workflowRunId\":" + id
                + ",\"workflow\":\"nightly-etl\",\"step\":\"extract\",\"round\":1}");
        assertThat(advanced.queued().get(0).id()).isEqualTo(extractRun);

        assertRefused(cli.run("workflow rerun", Long.toString(id)), ExitCode.CONFLICT,
                "workflow run " + id + " is RUNNING: only a failed or cancelled run can be run again");
        assertThat(cli.ok("workflow cancel", Long.toString(id)))
                .isEqualTo("Workflow run " + id + " is CANCELLED; asked its 2 running steps to stop.\n");
        assertThat(cli.ok("workflow cancel", Long.toString(id)))
                .isEqualTo("Workflow run " + id + " had already ended (CANCELLED); nothing to cancel.\n");
        JsonNode cancelled = cli.json("workflow runs show", Long.toString(id));
        assertThat(cancelled.get("status").asText()).isEqualTo("CANCELLED");
        assertThat(cancelled.at("/steps/1/status").asText()).isEqualTo("CANCELLED");
        assertThat(cli.json("runs show", Long.toString(extractRun)).get("status").asText()).isEqualTo("CANCELLED");

        // The steps' runs have ended but their rows settle only when the leader passes: until then, no rerun.
        assertRefused(cli.run("workflow rerun", Long.toString(id)), ExitCode.CONFLICT,
                "workflow run " + id + ": step extract is still RUNNING; wait until it ends");
        runs.advance(cli.namespace, epoch, id, Instant.now());
        long child = steps.get(5).get("childRunId").asLong();
        runs.advance(cli.namespace, epoch, child, Instant.now());
        runs.advance(cli.namespace, epoch, id, Instant.now());

        assertThat(cli.ok("workflow rerun", Long.toString(id))).isEqualTo("Workflow run " + id
                + " of 'nightly-etl' is RUNNING again: steps extract, clean, enrich, load, alert, sub run again.\n");
        JsonNode again = cli.json("workflow runs show", Long.toString(id));
        assertThat(again.get("status").asText()).isEqualTo("RUNNING");
        assertThat(again.at("/steps/0/round").asInt()).isEqualTo(2);
        assertThat(again.at("/steps/0/status").asText()).isEqualTo("PENDING");
    }

    @Test
    void triggerWaitFollowsTheStepsAndExitsByHowTheRunEnded() throws Exception {
        cli.ok("task add", "--name", "short-lived", "--cron", "0 3 * * *", "--shell", "true");
        cli.ok("workflow add", "-f", file("doomed.yaml", "name: doomed\nsteps:\n  - {name: first, task: short-lived}\n"
                + "  - {name: cleanup, task: archive-orders, after: [{step: first, when: failure}]}\n"));
        CompletableFuture<Cli.Result> waiting = CompletableFuture.supplyAsync(
                () -> cli.run("workflow trigger", "doomed", "--wait"));
        WorkflowRuns runs = new MysqlWorkflowRuns(cli.pool());
        long id = await().atMost(Duration.ofSeconds(30)).until(
                () -> runs.list(cli.namespace, "doomed", new PageRequest(0, 1)).items(), found -> !found.isEmpty())
                .get(0).id();

        // Its task is gone before the leader gets to it: the step fails without a run, the next one starts.
        cli.ok("task delete", "short-lived");
        long epoch = new MysqlFencingEpochs(cli.pool(), Clock.systemUTC()).advance(cli.namespace, "test-leader");
        runs.advance(cli.namespace, epoch, id, Instant.now());
        cli.ok("workflow cancel", Long.toString(id));

        Cli.Result result = waiting.get(60, TimeUnit.SECONDS);
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.NOT_SUCCEEDED);
        assertThat(result.out()).startsWith("Triggered workflow 'doomed': workflow run " + id + " is QUEUED; following it")
                .contains("step first: FAILED: task 'short-lived' does not exist\n")
                .containsPattern("step cleanup: RUNNING, run \\d+\n")
                .endsWith("[workflow run " + id + " CANCELLED: cancelled by " + CliStores.actor() + "]\n");
        assertThat(result.err()).isEmpty();
    }

    @Test
    void aWorkflowThatAnotherRunsCannotBeDeletedButItsRunsOutliveIt() {
        cli.ok("workflow trigger", "archive");
        assertRefused(cli.run("workflow delete", "archive"), ExitCode.INVALID,
                "workflow 'archive' is a step of 'nightly-etl'; change those first");
        assertThat(cli.ok("workflow delete", "nightly-etl")).isEqualTo("Deleted workflow 'nightly-etl'.\n");
        assertThat(cli.ok("workflow delete", "archive")).isEqualTo("Deleted workflow 'archive'.\n");
        assertThat(cli.ok("workflow list")).isEqualTo("No workflows in namespace '" + cli.namespace + "'.\n");
        assertThat(cli.json("workflow runs", "archive")).hasSize(1);
        assertThat(cli.json("audit list", "--subject", "workflow-run:" + cli.json("workflow runs").get(0).get("id")
                .asText())).hasSize(1);
    }

    private String file(String name, String content) {
        try {
            return Files.writeString(dir.resolve(name), content).toString();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void assertRefused(Cli.Result result, int exitCode, String message) {
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(exitCode);
        assertThat(result.err()).as(result.toString()).startsWith("redcron-node: " + message).endsWith("\n")
                .satisfies(err -> assertThat(err.strip()).doesNotContain("\n"));
        assertThat(result.out()).as(result.toString()).isEmpty();
    }
}
