package io.redcron.node;

/** The version this node reports in heartbeats and {@code --version}. */
public final class Versions {
    private Versions() {
    }

    public static String current() {
        String version = Versions.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
