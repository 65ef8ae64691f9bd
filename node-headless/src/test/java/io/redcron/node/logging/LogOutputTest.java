package io.redcron.node.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.config.LogFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class LogOutputTest {
    private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();

    @AfterEach
    void clear() {
        MDC.clear();
    }

    @Test
    void textNamesTheRunOnlyOnLinesAboutOne() {
        Encoder<ILoggingEvent> text = LogOutput.encoder(LogFormat.TEXT, context);

        String plain = encode(text, "Node {} started", "n1");
        MDC.put("runId", "4711");
        String aboutARun = encode(text, "Run {} attempt {} starting", 4711, 1);

        assertThat(plain).endsWith(" INFO  WorkerLoop               Node n1 started\n").doesNotContain("run=");
        assertThat(aboutARun).endsWith(" INFO  WorkerLoop               run=4711 Run 4711 attempt 1 starting\n");
    }

    @Test
    void jsonIsOneObjectPerLineWithTheRunInItsContext() throws Exception {
        MDC.put("runId", "4711");

        String line = encode(LogOutput.encoder(LogFormat.JSON, context), "Run {} failed: {}", 4711, "exit 2");

        assertThat(line).endsWith("\n").hasLineCount(1);
        JsonNode json = new ObjectMapper().readTree(line);
        assertThat(json.get("level").asText()).isEqualTo("INFO");
        assertThat(json.get("formattedMessage").asText()).isEqualTo("Run 4711 failed: exit 2");
        assertThat(json.at("/mdc/runId").asText()).isEqualTo("4711");
        assertThat(json.get("loggerName").asText()).isEqualTo("io.redcron.node.worker.WorkerLoop");
    }

    @Test
    void theTextPatternIsTheOneInLogbackXml() throws Exception {
        try (var in = LogOutput.class.getResourceAsStream("/logback.xml")) {
            String xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(xml).contains("<pattern>" + LogOutput.TEXT_PATTERN.replace("&", "&amp;") + "</pattern>");
        }
    }

    private String encode(Encoder<ILoggingEvent> encoder, String message, Object... args) {
        LoggingEvent event = new LoggingEvent("x", context.getLogger("io.redcron.node.worker.WorkerLoop"), Level.INFO,
                message, null, args);
        return new String(encoder.encode(event), StandardCharsets.UTF_8);
    }
}
