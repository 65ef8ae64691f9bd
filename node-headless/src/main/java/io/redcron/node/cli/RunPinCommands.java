package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.port.RetentionStore.RunPin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.List;

/** Runs kept whatever their age: pinned by an operator, listed, and let go again. */
final class RunPinCommands {
    private RunPinCommands() {
    }

    @Command(name = "pin", mixinStandardHelpOptions = true,
            description = "Keeps a run (its row, output and attempts) whatever the retention policy says.",
            footer = {"", "Example:", "  redcron-node runs pin 4711 --note \"incident 2026-11-30\"", "", ExitCode.HELP})
    static final class Pin extends StoreCommand {

        @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run's id.")
        long runId;

        @Option(names = "--note", paramLabel = "TEXT", description = "Why it is kept (at most 500 characters).")
        String note;

        @Override
        void run(CliStores stores, PrintWriter out) {
            stores.lookup().run(runId);
            boolean pinned = stores.retention().pin(runId, note, CliStores.actor());
            out.println(pinned ? "Run " + runId + " is pinned: retention keeps it." : "Run " + runId + " was pinned already.");
        }
    }

    @Command(name = "unpin", mixinStandardHelpOptions = true,
            description = "Lets retention judge a pinned run by its age again.", footer = {"", ExitCode.HELP})
    static final class Unpin extends StoreCommand {

        @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run's id.")
        long runId;

        @Override
        void run(CliStores stores, PrintWriter out) {
            boolean unpinned = stores.retention().unpin(runId, CliStores.actor());
            out.println(unpinned ? "Run " + runId + " is no longer pinned." : "Run " + runId + " was not pinned.");
        }
    }

    @Command(name = "pinned", mixinStandardHelpOptions = true,
            description = "Lists the namespace's pinned runs, most recently pinned first.", footer = {"", ExitCode.HELP})
    static final class Pinned extends StoreCommand {

        @Option(names = "--json", description = "Print a JSON array.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) {
            List<RunPin> pins = stores.retention().pins(stores.namespace());
            if (json) {
                ArrayNode array = Json.MAPPER.createArrayNode();
                for (RunPin pin : pins) {
                    ObjectNode node = array.addObject();
                    node.put("runId", pin.runId());
                    node.put("pinnedAt", pin.pinnedAt().toString());
                    node.put("pinnedBy", pin.pinnedBy());
                    node.put("note", pin.note());
                }
                out.println(Json.write(array));
            } else if (pins.isEmpty()) {
                out.println("No pinned runs.");
            } else {
                Table table = new Table("RUN", "PINNED AT", "BY", "NOTE");
                pins.forEach(pin -> table.row(Long.toString(pin.runId()), pin.pinnedAt().toString(), pin.pinnedBy(),
                        pin.note()));
                table.print(out);
            }
        }
    }
}
