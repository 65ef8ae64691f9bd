package io.redcron.node.cli;

import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.domain.Durations;
import io.redcron.domain.InvalidTaskException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

@Command(name = "token", mixinStandardHelpOptions = true,
        description = {"Make, list and revoke the bearer tokens of the JSON API (node role api; see docs/API.md)."},
        subcommands = {TokenCommand.Create.class, TokenCommand.ListTokens.class, TokenCommand.Revoke.class})
final class TokenCommand {

    @Command(name = "create", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Makes a token and prints it once: only its hash is stored.",
                    "It reaches the namespaces of --namespace (comma-separated for several)."},
            footer = {"", "Examples:",
                    "  redcron-node token create --name deploy-bot --scope operate --namespace prod --expires-in 90d",
                    "  redcron-node token create --name data-admin --scope admin --namespace prod,staging --label team=data",
                    "", ExitCode.HELP})
    static final class Create extends StoreCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "Unique name; the audit log names its changes api:NAME.")
        String name;

        @Option(names = "--scope", required = true, paramLabel = "SCOPE", description = "read, operate (read + run, cancel, retry, enable, disable) or admin (operate + add, change, delete tasks).")
        String scope;

        @Option(names = "--label", paramLabel = "KEY=VALUE", description = "Only tasks carrying this label (repeatable: all of them).")
        List<String> labels = List.of();

        @Option(names = "--expires-in", paramLabel = "DURATION", description = "Expires after this long (for example 90d, 12h); default: never.")
        String expiresIn;

        @Override
        void check() {
            ApiScope.parse(scope);
            labels();
            if (expiresIn != null && (Durations.parse("expires-in", expiresIn).isNegative() || Durations.parse("expires-in", expiresIn).isZero())) {
                throw new InvalidTaskException("expires-in", "must be positive");
            }
        }

        private Map<String, String> labels() {
            Map<String, String> selector = new LinkedHashMap<>();
            for (String label : labels) {
                int eq = label.indexOf('=');
                if (eq <= 0) {
                    throw new InvalidTaskException("label", "'" + label + "' is not KEY=VALUE");
                }
                selector.put(label.substring(0, eq), label.substring(eq + 1));
            }
            return selector;
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            Instant now = stores.clock().instant();
            String secret = ApiToken.newSecret();
            Instant expires = expiresIn == null ? null : now.plus(Durations.parse("expires-in", expiresIn));
            ApiToken stored = stores.apiTokens().create(ApiToken.draft(name, secret, ApiScope.parse(scope),
                    stores.config().node().namespaces(), labels(), now, CliStores.actor(), expires), CliStores.actor());
            out.println(ApiToken.presented(stored.id(), secret));
            PrintWriter err = spec.commandLine().getErr();
            err.println("Token '" + stored.name() + "' (" + stored.scope().id() + " in " + String.join(", ",
                    stored.namespaces()) + (expires == null ? "" : ", expires " + expires) + "). It is shown only now.");
            err.flush();
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"Lists the tokens (never their secrets), revoked and expired ones too."},
            footer = {"", ExitCode.HELP})
    static final class ListTokens extends StoreCommand {
        @Option(names = "--json", description = "Print a JSON array.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) {
            Instant now = stores.clock().instant();
            List<ApiToken> tokens = stores.apiTokens().list();
            if (json) {
                com.fasterxml.jackson.databind.node.ArrayNode array = com.fasterxml.jackson.databind.node.JsonNodeFactory
                        .instance.arrayNode();
                for (ApiToken token : tokens) {
                    com.fasterxml.jackson.databind.node.ObjectNode doc = array.addObject();
                    doc.put("name", token.name());
                    doc.put("scope", token.scope().id());
                    token.namespaces().forEach(doc.putArray("namespaces")::add);
                    com.fasterxml.jackson.databind.node.ObjectNode labels = doc.putObject("labels");
                    token.labels().forEach(labels::put);
                    doc.put("createdAt", RunViews.time(token.createdAt()));
                    doc.put("createdBy", token.createdBy());
                    doc.put("expiresAt", RunViews.time(token.expiresAt()));
                    doc.put("revokedAt", RunViews.time(token.revokedAt()));
                    doc.put("lastUsedAt", RunViews.time(token.lastUsedAt()));
                    doc.put("active", token.isActive(now));
                }
                out.println(Json.write(array));
                return;
            }
            if (tokens.isEmpty()) {
                out.println("No tokens.");
                return;
            }
            Table table = new Table("NAME", "SCOPE", "NAMESPACES", "LABELS", "EXPIRES", "LAST USED", "STATE");
            for (ApiToken token : tokens) {
                table.row(token.name(), token.scope().id(), String.join(",", token.namespaces()),
                        token.labels().isEmpty() ? "-" : token.labels().toString(),
                        token.expiresAt() == null ? "never" : RunViews.time(token.expiresAt()),
                        token.lastUsedAt() == null ? "-" : RunViews.time(token.lastUsedAt()),
                        token.revokedAt() != null ? "revoked" : token.isActive(now) ? "active" : "expired");
            }
            table.print(out);
        }
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true,
            description = {"Revokes a token at once; it stays listed."}, footer = {"", ExitCode.HELP})
    static final class Revoke extends StoreCommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "Token name.")
        String name;

        @Override
        void run(CliStores stores, PrintWriter out) {
            if (!stores.apiTokens().revoke(name, stores.clock().instant(), CliStores.actor())) {
                throw new CliErrors.NotFoundException("no active token named '" + name + "'");
            }
            out.println("Revoked token '" + name + "'.");
        }
    }

    private TokenCommand() {
    }

}
