package io.redcron.testkit;

import static io.redcron.store.mysql.TaskFixtures.exec;
import static io.redcron.store.mysql.TaskFixtures.shell;
import static io.redcron.testkit.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.domain.HttpPayload;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.port.AuditEntry;
import io.redcron.port.AuditLog;
import io.redcron.port.DuplicateTaskException;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.StaleTaskException;
import io.redcron.port.TaskFilter;
import io.redcron.port.TaskNotFoundException;
import io.redcron.port.TaskStore;
import io.redcron.schedule.CronDialect;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * What every {@link TaskStore} must do; one subclass per backend supplies the store. Each test
 * works in a namespace of its own, so a subclass may share one database across the tests.
 */
public abstract class TaskStoreContract {
    protected final ManualClock clock = new ManualClock(Instant.parse("2030-01-01T10:00:00.123Z"));
    protected TaskStore store;
    protected AuditLog audit;
    protected String ns;

    protected abstract TaskStore newTaskStore(Clock clock);

    protected abstract AuditLog auditLog();

    @BeforeEach
    void setUpContract() {
        store = newTaskStore(clock);
        audit = auditLog();
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void createAssignsIdVersionOneAndTimesAndReadsBackEqual() {
        Task created = store.create(exec(ns, "backup").description("nightly").owner("ops")
                .labels(Map.of("team", "ops", "tier", "gold")).alertTargets(List.of("mailto:ops@example.com"))
                .params(Map.of("DAYS", "7")).retry(new RetryPolicy(3, Duration.ofSeconds(5), 2.5, Duration.ofMinutes(2), 0.2))
                .timeout(Duration.ofMinutes(20)).zone(ZoneId.of("Europe/Berlin")).dialect(CronDialect.UNIX)
                .catchUpLimit(7).build(), "alice");

        assertThat(created.id()).isNotNull();
        assertThat(created.version()).isEqualTo(1);
        assertThat(created.createdAt()).isEqualTo(clock.instant());
        assertThat(created.updatedAt()).isEqualTo(clock.instant());
        assertThat(store.get(created.id())).contains(created);
    }

    @Test
    void getAllReadsTheTasksThatExistByIdInOneGo() {
        Task backup = store.create(exec(ns, "backup").labels(Map.of("team", "ops")).build(), "alice");
        Task report = store.create(exec(ns, "report").build(), "alice");
        Task gone = store.create(exec(ns, "gone").build(), "alice");
        store.delete(gone.id(), "alice");

        Map<Long, Task> found = store.getAll(List.of(backup.id(), report.id(), gone.id(), backup.id()));

        assertThat(found).containsOnly(Map.entry(backup.id(), backup), Map.entry(report.id(), report));
        assertThat(store.getAll(List.of())).isEmpty();
    }

    @Test
    void everyPayloadTypeRoundTrips() {
        Task http = store.create(shell(ns, "ping").payload(new HttpPayload("POST", HttpPayload.url("https://example.com/hook?a=1"),
                Map.of("X-Token", "abc"), "{\"x\":1}", Set.of(200, 202))).build(), "alice");
        Task java = store.create(shell(ns, "report").payload(new JavaPayload("com.example.Report",
                Map.of("format", "pdf"))).build(), "alice");
        Task execTask = store.create(exec(ns, "backup").build(), "alice");
        Task redirected = store.create(shell(ns, "follow").payload(new HttpPayload("GET", HttpPayload.url("https://example.com/"),
                Map.of(), "", Set.of(), RedirectPolicy.SAME_ORIGIN)).build(), "alice");

        assertThat(store.get(http.id())).contains(http);
        assertThat(store.get(redirected.id()).map(task -> ((HttpPayload) task.payload()).redirects()))
                .contains(RedirectPolicy.SAME_ORIGIN);
        assertThat(store.get(java.id())).contains(java);
        assertThat(store.get(execTask.id())).contains(execTask);
    }

    @Test
    void findByNameIsExactAndPerNamespace() {
        Task task = store.create(shell(ns, "Report").build(), "alice");

        assertThat(store.findByName(ns, "Report")).contains(task);
        assertThat(store.findByName(ns, "report")).isEmpty();
        assertThat(store.findByName(ns, "Report ")).isEmpty();
        assertThat(store.findByName(TaskFixtures.freshNamespace(), "Report")).isEmpty();
        assertThat(store.get(Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void aDuplicateNameInTheSameNamespaceIsRefused() {
        store.create(shell(ns, "backup").build(), "alice");

        assertThatThrownBy(() -> store.create(shell(ns, "backup").build(), "bob"))
                .isInstanceOf(DuplicateTaskException.class)
                .hasMessageContaining("backup");
        assertThat(store.create(shell(TaskFixtures.freshNamespace(), "backup").build(), "bob").id()).isNotNull();
        assertThat(store.list(TaskFilter.all(ns), PageRequest.first(10)).total()).isEqualTo(1);
    }

    @Test
    void namesThatDifferOnlyInCaseTrailingSpaceOrEmojiAreDifferentTasks() {
        for (String name : List.of("backup", "Backup", "backup ", "run 🚀", "run 🔥", "café", "cafe")) {
            store.create(shell(ns, name).build(), "alice");
        }

        assertThat(store.list(TaskFilter.all(ns), PageRequest.first(100)).total()).isEqualTo(7);
        assertThat(store.findByName(ns, "run 🔥").orElseThrow().name()).isEqualTo("run 🔥");
    }

    @ParameterizedTest
    @ValueSource(strings = {"it's \"quoted\"", "'; DROP TABLE task; --", "$(rm -rf /)", "`reboot` && echo ${HOME}",
        "back\\slash \\' \\\\", "100% _done_ !", "🚀 launch 👩‍👩‍👧‍👦 🇩🇪", "汉字 任务", "tab\there"})
    void hostileNamesRoundTripExactly(String name) {
        Task created = store.create(shell(ns, name).description(name).build(), "alice");

        assertThat(store.findByName(ns, name)).contains(created);
        assertThat(store.get(created.id()).orElseThrow().name()).isEqualTo(name);
        assertThat(store.list(TaskFilter.all(ns).withText(name), PageRequest.first(10)).items())
                .extracting(Task::name).containsExactly(name);
    }

    @Test
    void textFilterMatchesNameOrDescriptionIgnoringCaseAndTakesWildcardsLiterally() {
        store.create(shell(ns, "Nightly Backup").build(), "alice");
        store.create(shell(ns, "report").description("sends the BACKUP report").build(), "alice");
        store.create(shell(ns, "cleanup").build(), "alice");
        store.create(shell(ns, "disk 100%").build(), "alice");
        store.create(shell(ns, "disk 1000").build(), "alice");
        store.create(shell(ns, "a_b").build(), "alice");
        store.create(shell(ns, "axb").build(), "alice");

        assertThat(names(TaskFilter.all(ns).withText("backup"))).containsExactly("Nightly Backup", "report");
        assertThat(names(TaskFilter.all(ns).withText("100%"))).containsExactly("disk 100%");
        assertThat(names(TaskFilter.all(ns).withText("a_b"))).containsExactly("a_b");
        assertThat(names(TaskFilter.all(ns).withText("!"))).isEmpty();
    }

    @Test
    void aTextSearchIsPagedInTheListingsOrderWithTheTotalOfEveryMatch() {
        for (String name : List.of("etl-e", "etl-a", "other", "etl-d", "etl-b", "etl-c")) {
            store.create(shell(ns, name).build(), "alice");
        }
        TaskFilter etl = TaskFilter.all(ns).withText("ETL");

        Page<Task> second = store.list(etl, new PageRequest(2, 2));
        Page<Task> last = store.list(etl, new PageRequest(4, 2));
        Page<Task> beyond = store.list(etl, new PageRequest(10, 2));

        assertThat(second.items()).extracting(Task::name).containsExactly("etl-c", "etl-d");
        assertThat(second.total()).isEqualTo(5);
        assertThat(last.items()).extracting(Task::name).containsExactly("etl-e");
        assertThat(beyond.items()).isEmpty();
        assertThat(beyond.total()).isEqualTo(5);
    }

    @Test
    void filtersByGroupEnabledTypeAndLabel() {
        store.create(shell(ns, "a").group("gpu").labels(Map.of("team", "ml", "tier", "gold")).build(), "alice");
        store.create(shell(ns, "b").enabled(false).labels(Map.of("team", "ops")).build(), "alice");
        store.create(exec(ns, "c").group("gpu").labels(Map.of("team", "ops")).build(), "alice");
        store.create(exec(ns, "d").build(), "alice");

        TaskFilter all = TaskFilter.all(ns);
        assertThat(names(all.withGroup("gpu"))).containsExactly("a", "c");
        assertThat(names(all.withEnabled(false))).containsExactly("b");
        assertThat(names(all.withEnabled(true))).containsExactly("a", "c", "d");
        assertThat(names(new TaskFilter(ns, null, null, null, TaskType.EXEC, null, null, false))).containsExactly("c", "d");
        assertThat(names(all.withLabel("team"))).containsExactly("a", "b", "c");
        assertThat(names(all.withLabel("team=ops"))).containsExactly("b", "c");
        assertThat(names(all.withLabel("tier=gold"))).containsExactly("a");
        assertThat(names(all.withLabel("tier=silver"))).isEmpty();
        assertThat(names(all.withGroup("gpu").withLabel("team=ops"))).containsExactly("c");
    }

    @Test
    void sortsByEveryWhitelistedColumnInBothDirections() {
        Task b = store.create(shell(ns, "b").group("g2").build(), "alice");
        clock.advance(Duration.ofSeconds(1));
        Task a = store.create(shell(ns, "a").group("g2").build(), "alice");
        clock.advance(Duration.ofSeconds(1));
        Task c = store.create(shell(ns, "c").group("g1").build(), "alice");

        TaskFilter all = TaskFilter.all(ns);
        assertThat(names(all.sortedBy(TaskFilter.Sort.NAME, false))).containsExactly("a", "b", "c");
        assertThat(names(all.sortedBy(TaskFilter.Sort.NAME, true))).containsExactly("c", "b", "a");
        assertThat(names(all.sortedBy(TaskFilter.Sort.GROUP, false))).containsExactly("c", "a", "b");
        assertThat(names(all.sortedBy(TaskFilter.Sort.UPDATED, true))).containsExactly("c", "a", "b");
        assertThat(names(all.sortedBy(TaskFilter.Sort.ID, false)))
                .containsExactly(b.name(), a.name(), c.name());
        assertThat(names(all.sortedBy(TaskFilter.Sort.NEXT_FIRE, false))).hasSize(3);
    }

    @Test
    void ownerFilterMatchesASubstringIgnoringCaseAndTakesWildcardsLiterally() {
        store.create(shell(ns, "a").owner("Alice Smith").build(), "alice");
        store.create(shell(ns, "b").owner("team-ALICE").build(), "alice");
        store.create(shell(ns, "c").owner("bob").build(), "alice");
        store.create(shell(ns, "d").build(), "alice");
        store.create(shell(ns, "e").owner("100%").build(), "alice");

        assertThat(names(TaskFilter.all(ns).withOwner("alice"))).containsExactly("a", "b");
        assertThat(names(TaskFilter.all(ns).withOwner("ALICE").withText("b"))).containsExactly("b");
        assertThat(names(TaskFilter.all(ns).withOwner("%"))).containsExactly("e");
        assertThat(store.list(TaskFilter.all(ns).withOwner("o"), new PageRequest(1, 1)).total()).isEqualTo(1);
    }

    @Test
    void sortsByOwnerThenName() {
        store.create(shell(ns, "a").owner("zoe").build(), "alice");
        store.create(shell(ns, "b").owner("ann").build(), "alice");
        store.create(shell(ns, "c").owner("ann").build(), "alice");
        store.create(shell(ns, "d").build(), "alice");

        assertThat(names(TaskFilter.all(ns).sortedBy(TaskFilter.Sort.OWNER, false))).containsExactly("d", "b", "c", "a");
        assertThat(names(TaskFilter.all(ns).sortedBy(TaskFilter.Sort.OWNER, true))).containsExactly("a", "c", "b", "d");
    }

    /** Grouped, the group key orders first, so a group never splits across pages, whatever the sort. */
    @Test
    void aGroupedListingKeepsEachGroupTogetherAcrossPagesAndSortsWithinIt() {
        String[][] tasks = {{"a", "web", "zoe"}, {"b", "etl", "ann"}, {"c", "web", "ann"}, {"d", "etl", "zoe"},
                {"e", "gpu", "ann"}, {"f", "web", ""}};
        for (String[] task : tasks) {
            store.create(shell(ns, task[0]).group(task[1]).owner(task[2]).build(), "alice");
        }

        TaskFilter byGroup = TaskFilter.all(ns).groupedBy(io.redcron.port.TaskGrouping.GROUP);
        assertThat(pagesOfTwo(byGroup)).containsExactly("b", "d", "e", "a", "c", "f");
        assertThat(pagesOfTwo(byGroup.sortedBy(TaskFilter.Sort.NAME, true))).containsExactly("d", "b", "e", "f", "c", "a");
        assertThat(pagesOfTwo(byGroup.sortedBy(TaskFilter.Sort.GROUP, true))).containsExactly("f", "c", "a", "e", "d", "b");
        TaskFilter byOwner = TaskFilter.all(ns).groupedBy(io.redcron.port.TaskGrouping.OWNER);
        assertThat(pagesOfTwo(byOwner)).containsExactly("f", "b", "c", "e", "a", "d");
        assertThat(pagesOfTwo(byOwner.sortedBy(TaskFilter.Sort.ID, true))).containsExactly("f", "e", "c", "b", "d", "a");
    }

    @Test
    void groupCountsCountEveryMatchingTaskAndTheDisabledOnesPerKey() {
        store.create(shell(ns, "a").group("web").owner("zoe").build(), "alice");
        store.create(shell(ns, "b").group("web").owner("ann").enabled(false).build(), "alice");
        store.create(shell(ns, "c").group("etl").owner("ann").enabled(false).build(), "alice");
        store.create(shell(ns, "d").group("etl").build(), "alice");
        store.create(shell("other-" + ns, "e").group("web").build(), "alice");

        TaskFilter all = TaskFilter.all(ns);
        assertThat(store.groupCounts(all, io.redcron.port.TaskGrouping.GROUP)).containsOnly(
                Map.entry("web", new io.redcron.port.GroupCount("web", 2, 1)),
                Map.entry("etl", new io.redcron.port.GroupCount("etl", 2, 1)));
        assertThat(store.groupCounts(all.withText("a").sortedBy(TaskFilter.Sort.NEXT_FIRE, true),
                io.redcron.port.TaskGrouping.OWNER))
                .containsOnly(Map.entry("zoe", new io.redcron.port.GroupCount("zoe", 1, 0)));
        assertThat(store.groupCounts(all.withEnabled(false), io.redcron.port.TaskGrouping.OWNER))
                .containsOnly(Map.entry("ann", new io.redcron.port.GroupCount("ann", 2, 2)));
        assertThat(store.groupCounts(all.withGroup("etl"), io.redcron.port.TaskGrouping.OWNER)).containsOnly(
                Map.entry("ann", new io.redcron.port.GroupCount("ann", 1, 1)),
                Map.entry("", new io.redcron.port.GroupCount("", 1, 0)));
        assertThat(store.groupCounts(TaskFilter.all("none-" + ns), io.redcron.port.TaskGrouping.GROUP)).isEmpty();
    }

    @Test
    void valuesOfferTheGroupsOwnersAndLabelsOfTheNamespaceThatContainTheText() {
        store.create(shell(ns, "a").group("storage").owner("Alice").labels(Map.of("team", "ops", "tier", "gold")).build(),
                "alice");
        store.create(shell(ns, "b").group("web").owner("bob").labels(Map.of("team", "ml")).build(), "alice");
        store.create(shell(ns, "c").group("storage").owner("alice").build(), "alice");
        store.create(shell(ns, "d").group("gpu-store").build(), "alice");
        store.create(shell("other-" + ns, "e").group("stock").owner("alina").labels(Map.of("tag", "x")).build(), "alice");

        assertThat(store.values(ns, io.redcron.port.TaskFacet.GROUP, "STOR", 10)).containsExactly("gpu-store", "storage");
        assertThat(store.values(ns, io.redcron.port.TaskFacet.GROUP, "", 10)).containsExactly("gpu-store", "storage", "web");
        assertThat(store.values(ns, io.redcron.port.TaskFacet.GROUP, "", 2)).containsExactly("gpu-store", "storage");
        assertThat(store.values(ns, io.redcron.port.TaskFacet.GROUP, "\u5206", 10)).isEmpty();
        assertThat(store.values(ns, io.redcron.port.TaskFacet.OWNER, "li", 10)).containsExactly("Alice", "alice");
        assertThat(store.values(ns, io.redcron.port.TaskFacet.OWNER, "", 10)).containsExactly("Alice", "alice", "bob");
        assertThat(store.values(ns, io.redcron.port.TaskFacet.LABEL, "t", 10))
                .containsExactly("team", "team=ml", "team=ops", "tier", "tier=gold");
        assertThat(store.values(ns, io.redcron.port.TaskFacet.LABEL, "OPS", 10)).containsExactly("team=ops");
        assertThat(store.values(ns, io.redcron.port.TaskFacet.LABEL, "_", 10)).isEmpty();
    }

    private List<String> pagesOfTwo(TaskFilter filter) {
        List<String> names = new ArrayList<>();
        for (int offset = 0; offset < 100; offset += 2) {
            Page<Task> page = store.list(filter, new PageRequest(offset, 2));
            page.items().forEach(task -> names.add(task.name()));
            if (!page.hasMore()) {
                break;
            }
        }
        return names;
    }

    @Test
    void pagesCarryTheTotalAndDoNotOverlap() {
        for (int i = 0; i < 25; i++) {
            store.create(shell(ns, String.format("task-%02d", i)).build(), "alice");
        }

        Page<Task> first = store.list(TaskFilter.all(ns), new PageRequest(0, 10));
        Page<Task> third = store.list(TaskFilter.all(ns), new PageRequest(20, 10));

        assertThat(first.total()).isEqualTo(25);
        assertThat(first.items()).extracting(Task::name).startsWith("task-00").endsWith("task-09");
        assertThat(first.hasMore()).isTrue();
        assertThat(third.items()).extracting(Task::name).containsExactly("task-20", "task-21", "task-22", "task-23",
                "task-24");
        assertThat(third.hasMore()).isFalse();
    }

    @Test
    void updateReplacesTheDefinitionAndBumpsTheVersion() {
        Task created = store.create(shell(ns, "backup").labels(Map.of("team", "ops")).build(), "alice");
        clock.advance(Duration.ofMinutes(1));

        Task updated = store.update(created.toBuilder().name("backup-v2").description("now better")
                .labels(Map.of("team", "dev")).build(), "bob");

        assertThat(updated.version()).isEqualTo(2);
        assertThat(updated.updatedAt()).isEqualTo(clock.instant());
        assertThat(updated.createdAt()).isEqualTo(created.createdAt());
        assertThat(store.get(created.id())).contains(updated);
        assertThat(names(TaskFilter.all(ns).withLabel("team=dev"))).containsExactly("backup-v2");
        assertThat(names(TaskFilter.all(ns).withLabel("team=ops"))).isEmpty();
    }

    @Test
    void theSecondOfTwoEditorsOfTheSameVersionIsRefusedAndOverwritesNothing() {
        Task original = store.create(shell(ns, "backup").build(), "alice");
        Task aliceEdit = original.toBuilder().description("alice was here").build();
        Task bobEdit = original.toBuilder().description("bob was here").build();

        store.update(aliceEdit, "alice");

        assertThatThrownBy(() -> store.update(bobEdit, "bob"))
                .isInstanceOf(StaleTaskException.class)
                .hasMessageContaining("version 2")
                .hasMessageContaining("version 1");
        assertThat(store.get(original.id()).orElseThrow().description()).isEqualTo("alice was here");
        assertThat(audit.list(ns, "task:" + original.id(), PageRequest.first(10)).total()).isEqualTo(2);
    }

    @Test
    void ofManyConcurrentEditorsOfOneVersionExactlyOneWins() throws Exception {
        Task original = store.create(shell(ns, "backup").build(), "alice");
        List<Callable<Boolean>> editors = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String description = "editor " + i;
            editors.add(() -> {
                try {
                    store.update(original.toBuilder().description(description).build(), "editor");
                    return true;
                } catch (StaleTaskException e) {
                    return false;
                }
            });
        }

        List<Boolean> results = runTogether(editors);

        assertThat(results).containsOnlyOnce(true);
        Task stored = store.get(original.id()).orElseThrow();
        assertThat(stored.version()).isEqualTo(2);
        assertThat(stored.description()).startsWith("editor ");
    }

    @Test
    void updatingADeletedTaskSaysItIsGone() {
        Task task = store.create(shell(ns, "backup").build(), "alice");
        store.delete(task.id(), "alice");

        assertThatThrownBy(() -> store.update(task.toBuilder().description("x").build(), "bob"))
                .isInstanceOf(TaskNotFoundException.class);
    }

    @Test
    void renamingOntoATakenNameIsRefusedAndChangesNothing() {
        store.create(shell(ns, "taken").build(), "alice");
        Task other = store.create(shell(ns, "other").build(), "alice");

        assertThatThrownBy(() -> store.update(other.toBuilder().name("taken").build(), "bob"))
                .isInstanceOf(DuplicateTaskException.class);
        assertThat(store.get(other.id())).contains(other);
        assertThat(audit.list(ns, "task:" + other.id(), PageRequest.first(10)).total()).isEqualTo(1);
    }

    @Test
    void enableAndDisableAreAuditedAndRepeatingThemIsANoOp() {
        Task task = store.create(shell(ns, "backup").build(), "alice");

        Task disabled = store.setEnabled(task.id(), false, "bob");
        Task again = store.setEnabled(task.id(), false, "bob");
        Task enabled = store.setEnabled(task.id(), true, "carol");

        assertThat(disabled.enabled()).isFalse();
        assertThat(disabled.version()).isEqualTo(2);
        assertThat(again.version()).isEqualTo(2);
        assertThat(enabled.enabled()).isTrue();
        assertThat(enabled.version()).isEqualTo(3);
        assertThat(store.get(task.id())).contains(enabled);
        assertThat(audit.list(ns, "task:" + task.id(), PageRequest.first(10)).items())
                .extracting(AuditEntry::action, AuditEntry::actor)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("task.enable", "carol"),
                        org.assertj.core.groups.Tuple.tuple("task.disable", "bob"),
                        org.assertj.core.groups.Tuple.tuple("task.create", "alice"));
        assertThatThrownBy(() -> store.setEnabled(Long.MAX_VALUE, true, "bob")).isInstanceOf(TaskNotFoundException.class);
    }

    @Test
    void deleteRemovesTheTaskOnceAndAuditsItsLastState() {
        Task task = store.create(shell(ns, "backup").build(), "alice");

        assertThat(store.delete(task.id(), "bob")).isTrue();
        assertThat(store.delete(task.id(), "bob")).isFalse();
        assertThat(store.get(task.id())).isEmpty();
        assertThat(store.findByName(ns, "backup")).isEmpty();
        AuditEntry deletion = audit.list(ns, "task:" + task.id(), PageRequest.first(1)).items().get(0);
        assertThat(deletion.action()).isEqualTo("task.delete");
        assertThat(deletion.before()).contains("\"name\":\"backup\"");
        assertThat(deletion.after()).isNull();
        assertThat(store.create(shell(ns, "backup").build(), "carol").id()).isNotEqualTo(task.id());
    }

    @Test
    void everyChangeWritesAnAuditRowWithBeforeAndAfter() {
        Task task = store.create(shell(ns, "it's 🚀").build(), "alice");
        clock.advance(Duration.ofSeconds(5));
        store.update(task.toBuilder().description("changed").build(), "bob");

        List<AuditEntry> entries = audit.list(ns, "task:" + task.id(), PageRequest.first(10)).items();

        assertThat(entries).extracting(AuditEntry::action).containsExactly("task.update", "task.create");
        AuditEntry update = entries.get(0);
        assertThat(update.actor()).isEqualTo("bob");
        assertThat(update.namespace()).isEqualTo(ns);
        assertThat(update.at()).isAfterOrEqualTo(entries.get(1).at());
        assertThat(update.before()).contains("\"version\":1").doesNotContain("changed");
        assertThat(update.after()).contains("\"version\":2", "\"description\":\"changed\"", "it's 🚀");
        AuditEntry creation = entries.get(1);
        assertThat(creation.before()).isNull();
        assertThat(creation.after()).contains("\"name\":\"it's 🚀\"");
        assertThat(audit.list(ns, null, PageRequest.first(10)).total()).isEqualTo(2);
    }

    @Test
    void theAuditLogKeepsTaskStatesWithTheirCredentialsMasked() {
        Task task = store.create(Task.builder().namespace(ns).name("call").cron("0 * * * *")
                .payload(new HttpPayload("POST", java.net.URI.create("https://svc:url-pw@api.example.com/hook"),
                        Map.of("Authorization", "Bearer header-secret", "Accept", "application/json"), "", Set.of()))
                .params(Map.of("API_TOKEN", "param-secret")).build(), "alice");
        store.update(task.toBuilder().description("changed").build(), "bob");
        store.delete(task.id(), "carol");

        List<AuditEntry> entries = audit.list(ns, "task:" + task.id(), PageRequest.first(10)).items();

        assertThat(entries).hasSize(3);
        for (AuditEntry entry : entries) {
            for (String state : new String[] {entry.before(), entry.after()}) {
                if (state != null) {
                    assertThat(state).doesNotContain("url-pw", "header-secret", "param-secret")
                            .contains("\"Authorization\":\"******\"", "\"API_TOKEN\":\"******\"",
                                    "https://svc:******@api.example.com/hook", "\"Accept\":\"application/json\"");
                }
            }
        }
        assertThat(store.findByName(ns, "call")).isEmpty();
    }

    @Test
    void aTaskHoldingTheMaskOfACredentialIsRefusedAndNothingChanges() {
        Task masked = Task.builder().namespace(ns).name("call").cron("0 * * * *")
                .payload(new HttpPayload("GET", java.net.URI.create("https://api.example.com"),
                        Map.of("Authorization", "******"), "", Set.of())).build();
        assertThatThrownBy(() -> store.create(masked, "alice"))
                .isInstanceOf(io.redcron.domain.InvalidTaskException.class)
                .hasMessageStartingWith("http-header: 'Authorization' is ******");
        assertThat(store.findByName(ns, "call")).isEmpty();

        Task stored = store.create(masked.toBuilder().payload(new HttpPayload("GET",
                java.net.URI.create("https://api.example.com"), Map.of("Authorization", "Bearer real"), "", Set.of()))
                .build(), "alice");
        assertThatThrownBy(() -> store.update(stored.toBuilder().payload(masked.payload()).build(), "bob"))
                .isInstanceOf(io.redcron.domain.InvalidTaskException.class);
        assertThat(store.get(stored.id())).contains(stored);
    }

    @Test
    void aChangeWithoutAnActorIsRefused() {
        assertThatThrownBy(() -> store.create(shell(ns, "x").build(), " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("actor");
        assertThat(store.findByName(ns, "x")).isEmpty();
    }

    protected List<String> names(TaskFilter filter) {
        return store.list(filter, PageRequest.first(100)).items().stream().map(Task::name).toList();
    }
}
