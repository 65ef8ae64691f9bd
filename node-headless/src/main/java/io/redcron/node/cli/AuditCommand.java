package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.format.RedactedJson;
import io.redcron.port.AuditEntry;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;

@Command(name = "audit", mixinStandardHelpOptions = true, description = "The audit log: who changed what, and when.",
        subcommands = AuditCommand.ListEntries.class)
final class AuditCommand {

    @Command(name = "list", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Lists changes to tasks, runs and queues, newest first.",
            footer = {"", "Example:", "  redcron-node audit list --subject task:42 --json", "", ExitCode.HELP})
    static final class ListEntries extends StoreCommand {
        @Option(names = "--subject", paramLabel = "SUBJECT", description = "Only changes of this subject, e.g. task:42 or run:7.")
        String subject;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "50", description = "At most N entries (1-10000). Default: ${DEFAULT-VALUE}.")
        int limit;

        @Option(names = "--offset", paramLabel = "N", defaultValue = "0", description = "Skip the newest N entries.")
        int offset;

        @Option(names = "--json", description = "Print a JSON array, with the before and after of each change.")
        boolean json;

        @Override
        void check() {
            if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
                throw new CliErrors.UsageException("--limit: must be 1-" + PageRequest.MAX_LIMIT + ", got " + limit);
            }
            if (offset < 0) {
                throw new CliErrors.UsageException("--offset: must not be negative, got " + offset);
            }
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            Page<AuditEntry> page = stores.audit().list(stores.namespace(),
                    subject == null || subject.isBlank() ? null : subject.trim(), new PageRequest(offset, limit));
            if (json) {
                ArrayNode array = JsonNodeFactory.instance.arrayNode();
                for (AuditEntry entry : page.items()) {
                    ObjectNode node = array.addObject();
                    node.put("id", entry.id());
                    node.put("at", RunViews.time(entry.at()));
                    node.put("actor", entry.actor());
                    node.put("databaseAccount", entry.databaseAccount());
                    node.put("action", entry.action());
                    node.put("subject", entry.subject());
                    // Rows written before states were stored masked may still hold credentials.
                    node.put("before", RedactedJson.of(entry.before()));
                    node.put("after", RedactedJson.of(entry.after()));
                }
                out.println(Json.write(array));
            } else if (page.items().isEmpty()) {
                out.println("No changes recorded in namespace '" + stores.namespace() + "'.");
            } else {
                // WHO is what the client said; DATABASE ACCOUNT is whom the database let in (- before migration 5).
                Table table = new Table("WHEN", "WHO", "DATABASE ACCOUNT", "WHAT", "SUBJECT");
                for (AuditEntry entry : page.items()) {
                    table.row(RunViews.time(entry.at()), entry.actor(),
                            entry.databaseAccount() == null ? "-" : entry.databaseAccount(), entry.action(), entry.subject());
                }
                table.print(out);
                PageFooter.print(out, page);
            }
        }
    }
}
