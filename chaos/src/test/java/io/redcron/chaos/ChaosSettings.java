package io.redcron.chaos;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** What Maven hands the suite: the node jar, where to work, which mode, and the document to update. */
record ChaosSettings(Path nodeJar, Path workDir, Path reliabilityDoc, boolean soak, Duration soakLength) {

    static ChaosSettings fromSystemProperties() {
        Path jar = Path.of(property("chaos.node.jar", "../node-headless/target/redcron-node.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("chaos.node.jar: " + jar + " does not exist; build node-headless first"
                    + " (mvn -Pchaos -pl chaos -am verify does)");
        }
        String mode = property("chaos.mode", "quick");
        if (!mode.equals("quick") && !mode.equals("soak")) {
            throw new IllegalStateException("chaos.mode: must be quick or soak, got '" + mode + "'");
        }
        return new ChaosSettings(jar, Path.of(property("chaos.work.dir", "target/chaos")).toAbsolutePath(),
                Path.of(property("chaos.reliability.doc", "../docs/RELIABILITY.md")).toAbsolutePath(),
                mode.equals("soak"), Duration.ofMinutes(Long.parseLong(property("chaos.soak.minutes", "30"))));
    }

    Path results() {
        return workDir.resolve("results");
    }

    private static String property(String name, String fallback) {
        String value = System.getProperty(name);
        return value == null || value.isBlank() ? fallback : value.trim();
    }
}
