package io.redcron.desktop.ui;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/** Every string of the app exists in English and in Chinese: a key missing from one falls back or shows as a key. */
class MessageBundlesTest {

    @Test
    void theEnglishAndTheChineseBundlesHaveTheSameKeys() throws IOException {
        Properties english = bundle("messages.properties");
        Properties chinese = bundle("messages_zh_CN.properties");

        assertThat(chinese.stringPropertyNames()).as("keys in Chinese")
                .containsExactlyInAnyOrderElementsOf(english.stringPropertyNames());
    }

    private static Properties bundle(String file) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = MessageBundlesTest.class.getResourceAsStream("/io/redcron/desktop/" + file)) {
            assertThat(in).as(file).isNotNull();
            properties.load(new InputStreamReader(in, StandardCharsets.ISO_8859_1));
        }
        return properties;
    }
}
