package io.redcron.node.alert;

import io.redcron.config.AlertConfig;
import io.redcron.domain.AlertTarget;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Date;
import java.util.Properties;

/**
 * Sends the alert as a plain-text e-mail through the configured SMTP server. With
 * {@code starttls} the upgrade is required (a server that does not offer it is refused, never
 * used in clear text); with {@code starttls} and {@code tls} the server's certificate and host
 * name are verified, against the given CA file or the JVM's trust store.
 */
final class EmailChannel implements Channel {
    private final AlertConfig.Smtp smtp;
    private final String namespace;
    private final String reportedBy;
    private final Session session;
    private final String protocol;

    EmailChannel(AlertConfig.Smtp smtp, String namespace, String reportedBy) {
        this.smtp = smtp;
        this.namespace = namespace;
        this.reportedBy = reportedBy;
        this.protocol = smtp.tls() == AlertConfig.Tls.TLS ? "smtps" : "smtp";
        this.session = Session.getInstance(properties());
    }

    private Properties properties() {
        String prefix = "mail." + protocol + ".";
        Properties props = new Properties();
        props.put("mail.transport.protocol", protocol);
        props.put(prefix + "host", smtp.host());
        props.put(prefix + "port", Integer.toString(smtp.port()));
        String millis = Long.toString(smtp.timeout().toMillis());
        props.put(prefix + "connectiontimeout", millis);
        props.put(prefix + "timeout", millis);
        props.put(prefix + "writetimeout", millis);
        props.put(prefix + "auth", Boolean.toString(!smtp.user().isEmpty()));
        if (smtp.tls() == AlertConfig.Tls.STARTTLS) {
            props.put(prefix + "starttls.enable", "true");
            props.put(prefix + "starttls.required", "true");
        }
        if (smtp.tls() != AlertConfig.Tls.NONE) {
            props.put(prefix + "ssl.checkserveridentity", "true");
            smtp.caFile().ifPresent(file -> props.put(prefix + "ssl.socketFactory", trusting(file)));
        }
        return props;
    }

    @Override
    public String name() {
        return "email";
    }

    @Override
    public void send(AlertTarget target, Alert alert, int suppressed) throws DeliveryException {
        AlertTarget.Email to = (AlertTarget.Email) target;
        try {
            MimeMessage message = new MimeMessage(session);
            message.setFrom(new InternetAddress(smtp.from()));
            message.setRecipient(Message.RecipientType.TO, new InternetAddress(to.address()));
            message.setSubject(AlertPayload.title(alert, namespace), "UTF-8");
            message.setSentDate(Date.from(alert.at()));
            message.setHeader("X-Redcron-Event", alert.kind().name());
            message.setText(AlertPayload.text(alert, namespace, reportedBy, suppressed), "UTF-8");
            try (Transport transport = session.getTransport(protocol)) {
                transport.connect(smtp.host(), smtp.port(), smtp.user().isEmpty() ? null : smtp.user(),
                        smtp.user().isEmpty() ? null : smtp.password().reveal());
                transport.sendMessage(message, message.getAllRecipients());
            }
        } catch (MessagingException e) {
            throw new DeliveryException(target.redacted() + " via " + smtp.host() + ":" + smtp.port() + ": "
                    + firstLine(e), true);
        }
    }

    /** Mail exceptions nest the reason (TLS, refused connection) a level or two down. */
    private static String firstLine(Exception e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    /** A socket factory that trusts exactly the certificates of a PEM file (a private CA, a self-signed server). */
    static SSLSocketFactory trusting(Path pemFile) {
        try (InputStream in = Files.newInputStream(pemFile)) {
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            int index = 0;
            for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                trust.setCertificateEntry("ca-" + index++, certificate);
            }
            if (index == 0) {
                throw new IllegalArgumentException("alerts.smtp.ca-file: " + pemFile + " holds no PEM certificate");
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trust);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context.getSocketFactory();
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("alerts.smtp.ca-file: cannot read certificates from " + pemFile + ": "
                    + e.getMessage());
        }
    }
}
