package io.redcron.bench;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the node's runnable jar and this benchmark's jar are, for starting nodes. */
public record Jars(Path nodeJar, Path benchJar) {

    /** The node jar beside the repository's bench module, as {@code scripts/bench.sh} builds them. */
    public static Jars locate(Path nodeJarOption) {
        Path bench = ownJar();
        Path node = nodeJarOption != null ? nodeJarOption
                : bench.toAbsolutePath().getParent().resolve("../../node-headless/target/redcron-node.jar").normalize();
        if (!Files.isRegularFile(node)) {
            throw new IllegalArgumentException("--node-jar: " + node + " does not exist (build it: mvn -pl node-headless -am -DskipTests package)");
        }
        return new Jars(node, bench);
    }

    private static Path ownJar() {
        try {
            return Path.of(Jars.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The node's jar first: Redcron's own classes come from there, only the handler from ours. */
    public String nodeClassPath() {
        return nodeJar + java.io.File.pathSeparator + benchJar;
    }
}
