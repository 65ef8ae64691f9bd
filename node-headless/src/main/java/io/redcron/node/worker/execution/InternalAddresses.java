package io.redcron.node.worker.execution;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Addresses a task must not reach without the node's say-so: the machine itself (loopback and the
 * unspecified address, which Linux connects to the machine too), link-local neighbours, multicast
 * groups, and the cloud metadata services that hand out the machine's credentials. Private
 * networks (10/8, 192.168/16, …) are not on the list: reaching internal services is what many
 * tasks are for.
 *
 * <p>Judges resolved addresses, never text: {@code 2130706433}, {@code 0x7f.1} and
 * {@code [::ffff:127.0.0.1]} all reach 127.0.0.1 and are judged as 127.0.0.1.
 */
final class InternalAddresses {
    private static final Set<String> METADATA_NAMES = Set.of("metadata.google.internal");
    private static final Set<InetAddress> METADATA = Set.of(address(169, 254, 169, 254), address(100, 100, 100, 200),
            ipv6("fd00:ec2::254"));
    /** RFC 6052's well-known prefix: a NAT64 gateway turns {@code 64:ff9b::a.b.c.d} into a.b.c.d. */
    private static final byte[] NAT64_PREFIX = {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};

    private InternalAddresses() {
    }

    /** What kind of internal address this is, as words for an error line; empty for any other address. */
    static Optional<String> kind(InetAddress address) {
        InetAddress judged = embeddedIpv4(address).orElse(address);
        if (METADATA.contains(judged)) {
            return Optional.of("a cloud metadata address");
        }
        if (judged.isLoopbackAddress()) {
            return Optional.of("a loopback address");
        }
        if (judged.isAnyLocalAddress() || isThisNetwork(judged)) {
            return Optional.of("an unspecified address");
        }
        if (judged.isLinkLocalAddress()) {
            return Optional.of("a link-local address");
        }
        if (judged.isMulticastAddress()) {
            return Optional.of("a multicast address");
        }
        return Optional.empty();
    }

    /** Whether a host name is the name of a metadata service (which may not resolve off its cloud). */
    static boolean isMetadataName(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        return METADATA_NAMES.contains(name.endsWith(".") ? name.substring(0, name.length() - 1) : name);
    }

    /** 0.0.0.0/8: "this host on this network"; a connect to any of it may land on the machine itself. */
    private static boolean isThisNetwork(InetAddress address) {
        return address instanceof Inet4Address && address.getAddress()[0] == 0;
    }

    /**
     * The IPv4 address inside an IPv4-compatible ({@code ::a.b.c.d}) or NAT64 ({@code 64:ff9b::a.b.c.d})
     * IPv6 address. IPv4-mapped addresses ({@code ::ffff:a.b.c.d}) need no help: Java already reads
     * them as IPv4.
     */
    private static Optional<InetAddress> embeddedIpv4(InetAddress address) {
        if (!(address instanceof Inet6Address v6)) {
            return Optional.empty();
        }
        byte[] bytes = v6.getAddress();
        boolean compatible = v6.isIPv4CompatibleAddress() && !v6.isAnyLocalAddress() && !v6.isLoopbackAddress();
        boolean nat64 = Arrays.equals(bytes, 0, 12, NAT64_PREFIX, 0, 12);
        if (!compatible && !nat64) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByAddress(Arrays.copyOfRange(bytes, 12, 16)));
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are always an IPv4 address", e);
        }
    }

    private static InetAddress address(int a, int b, int c, int d) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static InetAddress ipv6(String literal) {
        try {
            // A literal: parsed, never looked up.
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
