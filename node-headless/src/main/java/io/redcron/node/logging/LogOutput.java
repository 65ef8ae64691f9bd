package io.redcron.node.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import io.redcron.config.LogFormat;
import org.slf4j.LoggerFactory;

import java.util.Iterator;

/**
 * Switches the node's log lines between readable text (logback.xml's pattern) and JSON, one
 * object per line, once the configuration ({@code log.format}, {@code --log-format}) is known.
 * Both carry the MDC, so a line about a run carries its {@code runId}.
 */
public final class LogOutput {
    /** The same pattern as logback.xml: {@code run=<id>} appears only on lines about a run. */
    public static final String TEXT_PATTERN =
            "%d{yyyy-MM-dd HH:mm:ss.SSS} %-5level %-24.24logger{0} %replace(run=%X{runId} ){'^run= $', ''}%msg%n";

    private LogOutput() {
    }

    public static void use(LogFormat format) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return;
        }
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext(); ) {
            if (it.next() instanceof OutputStreamAppender<ILoggingEvent> appender) {
                Encoder<ILoggingEvent> encoder = encoder(format, context);
                appender.stop();
                appender.setEncoder(encoder);
                appender.start();
            }
        }
    }

    public static Encoder<ILoggingEvent> encoder(LogFormat format, LoggerContext context) {
        if (format == LogFormat.JSON) {
            JsonEncoder json = new JsonEncoder();
            json.setContext(context);
            // The formatted message is the readable line; the raw pattern and its arguments would repeat it.
            json.setWithFormattedMessage(true);
            json.setWithMessage(false);
            json.setWithArguments(false);
            json.setWithContext(false);
            json.setWithSequenceNumber(false);
            json.setWithNanoseconds(false);
            json.start();
            return json;
        }
        PatternLayoutEncoder text = new PatternLayoutEncoder();
        text.setContext(context);
        text.setPattern(TEXT_PATTERN);
        text.start();
        return text;
    }
}
