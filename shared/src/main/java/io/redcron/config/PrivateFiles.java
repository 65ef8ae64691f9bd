package io.redcron.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Folders and files only their owner can use: folders {@code rwx------} (0700), files
 * {@code rw-------} (0600), set when they are created rather than after, so that no other user
 * of the machine can open them in between. On a file system without POSIX permissions they are
 * created as usual.
 */
public final class PrivateFiles {
    public static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private PrivateFiles() {
    }

    /** Creates {@code dir} and any missing parents as 0700; one that exists is left as it is. */
    public static Path createFolders(Path dir) throws IOException {
        return POSIX ? Files.createDirectories(dir, attribute(FOLDER)) : Files.createDirectories(dir);
    }

    /** Creates {@code dir} as {@link #createFolders} does, and makes it 0700 if it existed with more. */
    public static Path ownFolder(Path dir) throws IOException {
        createFolders(dir);
        if (POSIX && !Files.getPosixFilePermissions(dir).equals(FOLDER)) {
            Files.setPosixFilePermissions(dir, FOLDER);
        }
        return dir;
    }

    /**
     * Replaces {@code file} with {@code text}, readable by its owner only, through a temporary file
     * in the same folder, so that a reader never sees half of it.
     */
    public static void write(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = POSIX ? Files.createTempFile(dir, file.getFileName().toString(), ".tmp", attribute(FILE))
                : Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static FileAttribute<Set<PosixFilePermission>> attribute(Set<PosixFilePermission> permissions) {
        return PosixFilePermissions.asFileAttribute(permissions);
    }
}
