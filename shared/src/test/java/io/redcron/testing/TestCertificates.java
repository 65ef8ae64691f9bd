package io.redcron.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away PKI made with the openssl command: a CA, a server certificate for 127.0.0.1 and
 * localhost, a client certificate, and a second CA that signed nothing of this, for "wrong CA" cases.
 * Besides the PEM files, the CA is also in a PKCS12 trust store and the client in a PKCS12 key store.
 */
public final class TestCertificates {
    public static final String STORE_PASSWORD = "changeit-test";

    private final Path dir;

    private TestCertificates(Path dir) {
        this.dir = dir;
    }

    public static TestCertificates create(Path dir) {
        TestCertificates certificates = new TestCertificates(dir);
        certificates.make();
        return certificates;
    }

    public Path caPem() {
        return dir.resolve("ca.pem");
    }

    public Path otherCaPem() {
        return dir.resolve("other-ca.pem");
    }

    public Path serverPem() {
        return dir.resolve("server.pem");
    }

    public Path serverKey() {
        return dir.resolve("server.key");
    }

    /** A server certificate from the right CA that names only {@code elsewhere.invalid}. */
    public Path wrongHostPem() {
        return dir.resolve("wronghost.pem");
    }

    public Path wrongHostKey() {
        return dir.resolve("wronghost.key");
    }

    public Path clientPem() {
        return dir.resolve("client.pem");
    }

    public Path clientKey() {
        return dir.resolve("client.key");
    }

    /** PKCS12 with the CA certificate, password {@link #STORE_PASSWORD}. */
    public Path trustStore() {
        return dir.resolve("truststore.p12");
    }

    /** PKCS12 with the client certificate and key, password {@link #STORE_PASSWORD}. */
    public Path clientKeyStore() {
        return dir.resolve("client.p12");
    }

    private void make() {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n"
                    + "extendedKeyUsage=serverAuth\n");
            Files.writeString(dir.resolve("wronghost.ext"), "subjectAltName=DNS:elsewhere.invalid\n"
                    + "extendedKeyUsage=serverAuth\n");
            Files.writeString(dir.resolve("client.ext"), "extendedKeyUsage=clientAuth\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ca("ca", "Redcron Test CA");
        ca("other-ca", "Some Other CA");
        signed("server", "localhost", "server.ext");
        signed("wronghost", "elsewhere.invalid", "wronghost.ext");
        signed("client", "redcron-client", "client.ext");
        openssl("pkcs12", "-export", "-in", "client.pem", "-inkey", "client.key", "-name", "client",
                "-out", "client.p12", "-passout", "pass:" + STORE_PASSWORD);
        writeTrustStore();
    }

    private void ca(String name, String commonName) {
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", name + ".key", "-out", name + ".pem",
                "-days", "3", "-subj", "/CN=" + commonName, "-addext", "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign");
    }

    private void signed(String name, String commonName, String extensions) {
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", name + ".key", "-out", name + ".csr",
                "-subj", "/CN=" + commonName);
        openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", name + ".pem", "-days", "3", "-extfile", extensions);
    }

    private void writeTrustStore() {
        try (var in = Files.newInputStream(caPem()); OutputStream out = Files.newOutputStream(trustStore())) {
            Certificate ca = CertificateFactory.getInstance("X.509").generateCertificate(in);
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setCertificateEntry("redcron-test-ca", ca);
            store.store(out, STORE_PASSWORD.toCharArray());
        } catch (Exception e) {
            throw new IllegalStateException("cannot write the test trust store: " + e.getMessage(), e);
        }
    }

    private void openssl(String... args) {
        List<String> command = new ArrayList<>();
        command.add("openssl");
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("openssl " + String.join(" ", args) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run openssl (needed to make test certificates)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
