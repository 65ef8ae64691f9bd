package io.redcron.node.worker.execution;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UrlGuardTest {
    private final UrlGuard open = new UrlGuard("n1", List.of(), UrlGuard.Resolver.SYSTEM);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "http://127.0.0.1/                   | 127.0.0.1 is a loopback address",
            "http://127.8.9.10:8080/admin        | 127.8.9.10 is a loopback address",
            "http://localhost/                   | localhost is 127.0.0.1, a loopback address",
            "http://2130706433/                  | 2130706433 is 127.0.0.1, a loopback address",
            "http://0x7f.1/                      | 0x7f.1 is an ambiguous address literal",
            "http://0x7f000001/                  | 0x7f000001 is an ambiguous address literal",
            "http://0x7f.0.0.1/                  | 0x7f.0.0.1 is an ambiguous address literal",
            "http://017700000001/                | 017700000001 is an ambiguous address literal",
            "http://127.000.000.001/             | 127.000.000.001 is 127.0.0.1, a loopback address",
            "http://127.1/                       | 127.1 is 127.0.0.1, a loopback address",
            "http://[::1]/                       | ::1 is 0:0:0:0:0:0:0:1, a loopback address",
            "http://[::ffff:127.0.0.1]/          | ::ffff:127.0.0.1 is 127.0.0.1, a loopback address",
            "http://[0:0:0:0:0:ffff:7f00:1]/     | 0:0:0:0:0:ffff:7f00:1 is 127.0.0.1, a loopback address",
            "http://[::127.0.0.1]/               | ::127.0.0.1 is 0:0:0:0:0:0:7f00:1, a loopback address",
            "http://[64:ff9b::7f00:1]/           | 64:ff9b::7f00:1 is 64:ff9b:0:0:0:0:7f00:1, a loopback address",
            "http://0.0.0.0:8080/                | 0.0.0.0 is an unspecified address",
            "http://0/                           | 0 is 0.0.0.0, an unspecified address",
            "http://[::]/                        | :: is 0:0:0:0:0:0:0:0, an unspecified address",
            "http://169.254.10.20/               | 169.254.10.20 is a link-local address",
            "http://[fe80::1]/                   | fe80::1 is fe80:0:0:0:0:0:0:1, a link-local address",
            "http://224.0.0.251/                 | 224.0.0.251 is a multicast address",
            "http://[ff02::1]/                   | ff02::1 is ff02:0:0:0:0:0:0:1, a multicast address",
            "http://169.254.169.254/latest/meta-data/ | 169.254.169.254 is a cloud metadata address",
            "http://2852039166/                  | 2852039166 is 169.254.169.254, a cloud metadata address",
            "http://[::ffff:a9fe:a9fe]/          | ::ffff:a9fe:a9fe is 169.254.169.254, a cloud metadata address",
            "http://[fd00:ec2::254]/             | fd00:ec2::254 is fd00:ec2:0:0:0:0:0:254, a cloud metadata address",
            "http://100.100.100.200/             | 100.100.100.200 is a cloud metadata address",
            "http://metadata.google.internal/computeMetadata/v1/ | metadata.google.internal is a cloud metadata service",
            "http://Metadata.Google.Internal./   | Metadata.Google.Internal. is a cloud metadata service",
    })
    void internalAddressesAreRefusedHoweverTheyAreSpelled(String url, String why) throws UnknownHostException {
        assertThat(open.refusal(URI.create(url)))
                .contains("node n1 refuses URL '" + url + "': " + why + " (only a worker.allow-urls pattern can allow it)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://93.184.215.14/", "http://8.8.8.8:8080/x", "http://10.1.2.3/internal-service",
            "http://192.168.1.20/", "http://172.16.0.5/", "https://[2606:4700:4700::1111]/", "http://[fd12:3456::1]/",
            "http://100.64.0.1/", "http://169.253.255.255/", "http://128.0.0.1/"})
    void publicAndPrivateNetworkAddressesAreAllowed(String url) throws UnknownHostException {
        assertThat(open.refusal(URI.create(url))).isEmpty();
    }

    @Test
    void everyAddressANameResolvesToIsJudged() throws UnknownHostException {
        Map<String, InetAddress[]> dns = Map.of("twofaced.example", new InetAddress[] {
                address("93.184.215.14"), address("127.0.0.1")});
        UrlGuard guard = new UrlGuard("n1", List.of(), host -> dns.get(host));

        assertThat(guard.refusal(URI.create("https://twofaced.example/")))
                .contains("node n1 refuses URL 'https://twofaced.example/': twofaced.example is 127.0.0.1, a loopback"
                        + " address (only a worker.allow-urls pattern can allow it)");
    }

    @Test
    void withPatternsAUrlMustMatchOneWholeAndAMatchAllowsEvenLoopback() throws UnknownHostException {
        UrlGuard guard = new UrlGuard("n1", List.of(Pattern.compile("https://api\\.example\\.com/.*"),
                Pattern.compile("http://127\\.0\\.0\\.1:9000/health")), host -> {
            throw new AssertionError("a pattern decides without looking up " + host);
        });

        assertThat(guard.refusal(URI.create("https://api.example.com/v1/report"))).isEmpty();
        assertThat(guard.refusal(URI.create("http://127.0.0.1:9000/health"))).isEmpty();
        assertThat(guard.refusal(URI.create("http://127.0.0.1:9000/health/../admin")))
                .contains("node n1 refuses URL 'http://127.0.0.1:9000/health/../admin': it matches no worker.allow-urls pattern");
        // A pattern that matches only a part of the URL does not allow it.
        assertThat(guard.refusal(URI.create("https://evil.example/?https://api.example.com/x")))
                .contains("node n1 refuses URL 'https://evil.example/?https://api.example.com/x': it matches no"
                        + " worker.allow-urls pattern");
        assertThat(guard.refusal(URI.create("https://api.example.com.evil.example/")))
                .map(reason -> reason.endsWith("it matches no worker.allow-urls pattern")).contains(true);
    }

    @Test
    void aHostWithoutAddressesIsAnUnknownHostNotARefusal() {
        UrlGuard guard = new UrlGuard("n1", List.of(), host -> {
            throw new UnknownHostException(host);
        });

        assertThatThrownBy(() -> guard.refusal(URI.create("http://no-such-host.invalid/")))
                .isInstanceOf(UnknownHostException.class);
    }

    @Test
    void aHostUriCannotReadIsTakenFromTheAuthorityAsWritten() {
        assertThat(URI.create("http://0x7f.1:8080/x").getHost()).as("the reason for the fallback").isNull();
        assertThat(UrlGuard.host(URI.create("http://0x7f.1:8080/x"))).isEqualTo("0x7f.1");
        assertThat(UrlGuard.host(URI.create("http://user@0x7f.1/x"))).isEqualTo("0x7f.1");
        assertThat(UrlGuard.host(URI.create("http://[::1]:8080/x"))).isEqualTo("::1");
    }

    @Test
    void internalKindsOfSingleAddresses() {
        assertThat(InternalAddresses.kind(address("127.0.0.1"))).contains("a loopback address");
        assertThat(InternalAddresses.kind(address("0.1.2.3"))).contains("an unspecified address");
        assertThat(InternalAddresses.kind(address("::ffff:169.254.169.254"))).contains("a cloud metadata address");
        assertThat(InternalAddresses.kind(address("fe80::1%1"))).contains("a link-local address");
        assertThat(InternalAddresses.kind(address("239.255.255.250"))).contains("a multicast address");
        assertThat(InternalAddresses.kind(address("64:ff9b::a9fe:a9fe"))).contains("a cloud metadata address");
        assertThat(InternalAddresses.kind(address("64:ff9b::5db8:d70e"))).isEqualTo(Optional.empty());
        assertThat(InternalAddresses.kind(address("2001:db8::1"))).isEmpty();
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }
}
