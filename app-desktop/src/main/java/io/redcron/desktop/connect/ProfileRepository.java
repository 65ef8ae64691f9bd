package io.redcron.desktop.connect;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Saved connection profiles, most recently used first, in a JSON file of the user's. Profiles
 * carry no passwords, so nothing secret is ever written here.
 */
public final class ProfileRepository {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final int MAX = 20;

    private final Path file;

    public ProfileRepository(Path file) {
        this.file = file;
    }

    public List<ConnectionProfile> load() {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return JSON.readValue(file.toFile(), new TypeReference<List<ConnectionProfile>>() { });
        } catch (IOException e) {
            // A damaged file must not keep the app from starting: start with no profiles.
            return List.of();
        }
    }

    /** Puts {@code profile} first (replacing one of the same name) and saves. */
    public List<ConnectionProfile> remember(ConnectionProfile profile) {
        List<ConnectionProfile> profiles = new ArrayList<>(load());
        profiles.removeIf(p -> p.name().equals(profile.name()));
        profiles.add(0, profile);
        while (profiles.size() > MAX) {
            profiles.remove(profiles.size() - 1);
        }
        save(profiles);
        return profiles;
    }

    public List<ConnectionProfile> forget(String name) {
        List<ConnectionProfile> profiles = new ArrayList<>(load());
        profiles.removeIf(p -> p.name().equals(name));
        save(profiles);
        return profiles;
    }

    private void save(List<ConnectionProfile> profiles) {
        try {
            Files.createDirectories(file.getParent());
            Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
            JSON.writeValue(temporary.toFile(), profiles);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save connection profiles to " + file, e);
        }
    }
}
