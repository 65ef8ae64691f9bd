package io.redcron.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bearer token of the JSON API, as stored: its secret only as a SHA-256 hash. The token a client
 * sends is {@code rcn_<id>_<secret>}; the id finds the row, the secret's hash must match it.
 *
 * @param labels     labels a task must carry for the token to see or act on it; empty: every task
 * @param expiresAt  null: it does not expire
 * @param revokedAt  null while it has not been revoked
 */
public record ApiToken(long id, String name, String secretHash, ApiScope scope, List<String> namespaces,
                       Map<String, String> labels, Instant createdAt, String createdBy, Instant expiresAt,
                       Instant revokedAt, Instant lastUsedAt) {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern PRESENTED = Pattern.compile("rcn_(\\d{1,18})_([A-Za-z0-9_-]{43})");
    private static final int SECRET_BYTES = 32;

    public ApiToken {
        if (name == null || !Identifiers.isIdentifier(name)) {
            throw new InvalidTaskException("name", "'" + name + "' is not a token name (" + Identifiers.IDENTIFIER_RULE + ")");
        }
        namespaces = List.copyOf(namespaces);
        if (namespaces.isEmpty()) {
            throw new InvalidTaskException("namespace", "a token needs at least one namespace");
        }
        for (String namespace : namespaces) {
            if (!Identifiers.isIdentifier(namespace)) {
                throw new InvalidTaskException("namespace", "'" + namespace + "' is not a namespace ("
                        + Identifiers.IDENTIFIER_RULE + ")");
            }
        }
        labels = labels == null ? Map.of() : Map.copyOf(labels);
        if (scope == null) {
            throw new InvalidTaskException("scope", "is required (read, operate or admin)");
        }
    }

    /** A token about to be stored, with the hash of {@code secret}. */
    public static ApiToken draft(String name, String secret, ApiScope scope, List<String> namespaces,
                                 Map<String, String> labels, Instant createdAt, String createdBy, Instant expiresAt) {
        return new ApiToken(0, name, hash(secret), scope, namespaces, labels, createdAt, createdBy, expiresAt, null, null);
    }

    public ApiToken withId(long value) {
        return new ApiToken(value, name, secretHash, scope, namespaces, labels, createdAt, createdBy, expiresAt,
                revokedAt, lastUsedAt);
    }

    /** A new random secret: 32 bytes, URL-safe Base64 without padding (43 characters). */
    public static String newSecret() {
        byte[] bytes = new byte[SECRET_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** What the client sends: the token's id and its secret. */
    public static String presented(long id, String secret) {
        return "rcn_" + id + "_" + secret;
    }

    /** The id and secret of a token as a client sent it; empty when it is not shaped like one. */
    public static Optional<Presented> parse(String bearer) {
        if (bearer == null) {
            return Optional.empty();
        }
        Matcher matcher = PRESENTED.matcher(bearer);
        return matcher.matches() ? Optional.of(new Presented(Long.parseLong(matcher.group(1)), matcher.group(2)))
                : Optional.empty();
    }

    public record Presented(long id, String secret) {
    }

    /** Whether {@code secret} is this token's, compared in constant time. */
    public boolean matches(String secret) {
        return MessageDigest.isEqual(secretHash.getBytes(StandardCharsets.US_ASCII),
                hash(secret).getBytes(StandardCharsets.US_ASCII));
    }

    /** Whether it may be used at {@code now}: not revoked, not expired. */
    public boolean isActive(Instant now) {
        return revokedAt == null && (expiresAt == null || now.isBefore(expiresAt));
    }

    /** Whether a task with these labels is visible to the token. */
    public boolean sees(Map<String, String> taskLabels) {
        return labels.entrySet().stream().allMatch(entry -> entry.getValue().equals(taskLabels.get(entry.getKey())));
    }

    static String hash(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
