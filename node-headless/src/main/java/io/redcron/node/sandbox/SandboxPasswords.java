package io.redcron.node.sandbox;

import io.redcron.config.Secret;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The sandbox's passwords, new on every start, and the forms its servers keep of them: Redis and
 * MariaDB are each given a hash in their start-up files, so the plain password is written only to
 * the connection file.
 */
final class SandboxPasswords {
    /** 192 bits: far beyond guessing, even at the speed of a local connection. */
    private static final int BYTES = 24;
    private static final SecureRandom RANDOM = new SecureRandom();

    private SandboxPasswords() {
    }

    /** 32 characters of {@code A-Z a-z 0-9 - _}: nothing to quote in a config file or SQL. */
    static Secret generate() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return Secret.of(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** As Redis's ACL takes a password hash: {@code #} and SHA-256 in hex. */
    static String redisAclHash(Secret password) {
        return "#" + HexFormat.of().formatHex(digest("SHA-256", password.reveal().getBytes(StandardCharsets.UTF_8)));
    }

    /** As MariaDB's {@code IDENTIFIED BY PASSWORD} takes it: {@code *} and SHA1(SHA1(password)), upper-case hex. */
    static String mariaDbNativeHash(Secret password) {
        byte[] once = digest("SHA-1", password.reveal().getBytes(StandardCharsets.UTF_8));
        return "*" + HexFormat.of().formatHex(digest("SHA-1", once)).toUpperCase(Locale.ROOT);
    }

    private static byte[] digest(String algorithm, byte[] input) {
        try {
            return MessageDigest.getInstance(algorithm).digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is part of every Java runtime", e);
        }
    }
}
