package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.port.FencingEpochs;
import io.redcron.port.LeaderLease;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.Optional;

@Command(name = "leader", mixinStandardHelpOptions = true,
        description = "Shows which node leads the namespace's scheduler, its fencing epoch and the lease left.",
        footer = {"", ExitCode.HELP})
final class LeaderCommand extends StoreCommand {

    @Option(names = "--json", description = "Print a JSON object.")
    boolean json;

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        Optional<LeaderLease.Holder> holder = stores.leaderLease().current();
        Optional<FencingEpochs.Epoch> epoch = stores.epochs().current(stores.namespace());
        if (json) {
            ObjectNode doc = Json.object();
            doc.put("namespace", stores.namespace());
            doc.put("leader", holder.map(LeaderLease.Holder::nodeId).orElse(null));
            doc.put("lease", holder.map(LeaderLease.Holder::holder).orElse(null));
            if (holder.isPresent()) {
                doc.put("leaseRemainingMs", holder.get().remaining().toMillis());
            } else {
                doc.putNull("leaseRemainingMs");
            }
            if (epoch.isPresent()) {
                doc.put("epoch", epoch.get().value());
                doc.put("epochHolder", epoch.get().leader());
                doc.put("since", RunViews.time(epoch.get().since()));
            } else {
                doc.putNull("epoch");
            }
            out.println(Json.write(doc));
        } else if (holder.isEmpty()) {
            out.println("No node leads namespace '" + stores.namespace() + "' right now"
                    + epoch.map(e -> " (last epoch " + e.value() + ", held by " + TerminalText.cell(e.leader()) + ")")
                    .orElse("") + ".");
        } else {
            out.println("Leader:  " + TerminalText.cell(holder.get().nodeId()));
            out.println("Epoch:   " + epoch.map(e -> Long.toString(e.value())).orElse("-"));
            out.println("Lease:   " + holder.get().remaining().toMillis() + " ms left");
        }
        out.flush();
    }
}
