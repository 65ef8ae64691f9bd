package io.redcron.node.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.domain.EditPolicy;
import io.redcron.ops.ReconcileManagedTasks;
import io.redcron.store.mysql.MysqlAuditLog;
import io.redcron.store.mysql.MysqlManagedTaskStore;
import io.redcron.store.mysql.MysqlTaskStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.util.List;

/** How the task commands show and guard tasks an application declares in its code. */
class ManagedTaskCommandsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    private StoreCli cli;

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
    }

    private void declare(String application, String version, EditPolicy edits, String... names) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> tasks = new java.util.ArrayList<>();
        for (String name : names) {
            tasks.add(json.readTree("{\"name\":\"" + name + "\",\"cron\":\"0 3 * * *\",\"type\":\"shell\","
                    + "\"shell\":{\"command\":\"echo " + name + "\"}}"));
        }
        new ReconcileManagedTasks(new MysqlTaskStore(database.pool(), Clock.systemUTC()),
                new MysqlManagedTaskStore(database.pool()), new MysqlAuditLog(database.pool()), cli.namespace, "api:shop",
                Clock.systemUTC()).reconcile(new ReconcileManagedTasks.Declaration(application, version, edits,
                ReconcileManagedTasks.Removed.DISABLE, tasks), task -> { });
    }

    @Test
    void listingAndShowingNameTheApplicationAndWhatDrifted() throws Exception {
        declare("shop", "1.4.2", EditPolicy.WARN, "carts");
        cli.ok("task add", "--name", "by-hand", "--cron", "0 1 * * *", "--shell", "echo hand");

        Cli.Result update = cli.run("task update", "carts", "--cron", "0 4 * * *");
        assertThat(update.exitCode()).as(update.toString()).isZero();
        assertThat(update.err()).isEqualTo("warning: task 'carts' is managed by application shop 1.4.2; its next start"
                + " puts back what its code declares\n");

        List<String> rows = cli.ok("task list").lines().toList();
        assertThat(rows.get(0)).endsWith("MANAGED BY");
        assertThat(rows).anySatisfy(row -> assertThat(row).startsWith("by-hand").endsWith(" -"));
        assertThat(rows).anySatisfy(row -> assertThat(row).startsWith("carts").endsWith("shop 1.4.2, drifted"));
        assertThat(cli.ok("task show", "carts")).contains("Managed by:   shop 1.4.2 (edits warned about;")
                .contains("Drift:        cron: code \"0 3 * * *\", here \"0 4 * * *\"");
        JsonNode doc = cli.task("carts");
        assertThat(doc.at("/managed/application").asText()).isEqualTo("shop");
        assertThat(doc.at("/managed/drift/0/field").asText()).isEqualTo("cron");
        assertThat(cli.task("by-hand").has("managed")).isFalse();
    }

    @Test
    void aRefusingApplicationsTaskIsNeitherChangedNorDeletedButMayBePaused() throws Exception {
        declare("billing", "7", EditPolicy.REFUSE, "invoices");

        Cli.Result update = cli.run("task update", "invoices", "--cron", "0 4 * * *");
        assertThat(update.exitCode()).isEqualTo(ExitCode.CONFLICT);
        assertThat(update.err()).startsWith("redcron-node: task 'invoices' is managed by application billing 7,"
                + " which refuses edits made outside its code").hasLineCount(1);
        assertThat(cli.run("task delete", "invoices").exitCode()).isEqualTo(ExitCode.CONFLICT);
        cli.ok("task disable", "invoices");
        JsonNode doc = cli.task("invoices");
        assertThat(doc.get("cron").asText()).isEqualTo("0 3 * * *");
        assertThat(doc.get("enabled").asBoolean()).isFalse();
        assertThat(doc.at("/managed/drift")).as("pausing is no drift").isEmpty();
    }
}
