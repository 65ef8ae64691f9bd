package io.redcron.node.worker.execution;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The node's say over which URLs an {@code http} task reaches, asked before every request,
 * redirects included. With {@code worker.allow-urls} set, a URL must match one of its patterns as
 * a whole ({@link java.util.regex.Matcher#matches()}), and a match is all it needs. Without
 * patterns, any URL goes except those whose host resolves to an {@linkplain InternalAddresses
 * internal address}: every address the host resolves to is judged, so a name with one public and
 * one loopback address is refused.
 *
 * <p>The HTTP client resolves the host again when it connects. A name whose answer changes in
 * between (DNS rebinding) can still lead there; the JVM's address cache narrows that window but
 * does not close it. Patterns naming exact hosts, or a firewall in front of the node, do.
 */
final class UrlGuard {
    /** Looks up every address of a host name (or parses an address literal). */
    @FunctionalInterface
    interface Resolver {
        Resolver SYSTEM = InetAddress::getAllByName;

        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private static final String HOW_TO_ALLOW = " (only a worker.allow-urls pattern can allow it)";

    private final String nodeId;
    private final List<Pattern> allowUrls;
    private final Resolver resolver;

    UrlGuard(String nodeId, List<Pattern> allowUrls, Resolver resolver) {
        this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
        this.allowUrls = List.copyOf(allowUrls);
        this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    /**
     * Why this node will not send a request to {@code url}; empty when it will.
     *
     * @throws UnknownHostException when the host has no address (the request could not be sent either)
     */
    Optional<String> refusal(URI url) throws UnknownHostException {
        String text = url.toString();
        if (!allowUrls.isEmpty()) {
            return allowUrls.stream().anyMatch(pattern -> pattern.matcher(text).matches())
                    ? Optional.empty()
                    : Optional.of(refused(text, "it matches no worker.allow-urls pattern"));
        }
        String host = host(url);
        if (InternalAddresses.isMetadataName(host)) {
            return Optional.of(refused(text, host + " is a cloud metadata service" + HOW_TO_ALLOW));
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            // Java refuses hex and octal forms such as 0x7f.1 rather than guess what they mean; other
            // programs read them as addresses, so they are not merely unknown hosts.
            if (e.getCause() instanceof IllegalArgumentException) {
                return Optional.of(refused(text, host + " is an ambiguous address literal" + HOW_TO_ALLOW));
            }
            throw e;
        }
        for (InetAddress address : addresses) {
            Optional<String> kind = InternalAddresses.kind(address);
            if (kind.isPresent()) {
                String found = address.getHostAddress();
                String what = found.equalsIgnoreCase(host) ? host + " is" : host + " is " + found + ",";
                return Optional.of(refused(text, what + " " + kind.get() + HOW_TO_ALLOW));
            }
        }
        return Optional.empty();
    }

    /**
     * Whether judging a URL resolves its host, which may wait on DNS. With
     * {@code worker.allow-urls} set the patterns alone decide.
     */
    boolean looksUpHosts() {
        return allowUrls.isEmpty();
    }

    private String refused(String url, String why) {
        return "node " + nodeId + " refuses URL '" + Texts.oneLine(url, 200) + "': " + why;
    }

    /**
     * The host as a resolver takes it: without an IPv6 literal's brackets. A host {@link URI} cannot
     * read as a name ({@code 0x7f.1}: a label may not start with a digit) is taken from the authority
     * as written, so that it is judged by what the system resolver makes of it.
     */
    static String host(URI url) {
        String host = url.getHost();
        if (host == null) {
            String authority = url.getRawAuthority() == null ? "" : url.getRawAuthority();
            host = authority.substring(authority.lastIndexOf('@') + 1);
            int colon = host.lastIndexOf(':');
            if (colon >= 0 && !host.endsWith("]")) {
                host = host.substring(0, colon);
            }
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return host;
    }
}
