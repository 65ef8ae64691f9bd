package io.redcron.desktop.tasks;

import io.redcron.domain.RedirectPolicy;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/** The editor's redirect choice reads in both languages, not as a key or an English fallback. */
class RedirectLabelsTest {

    @Test
    void everyRedirectChoiceHasALabelInEnglishAndInChinese() throws IOException {
        Properties english = bundle("messages.properties");
        Properties chinese = bundle("messages_zh_CN.properties");

        for (String key : keys()) {
            assertThat(english.getProperty(key)).as(key).isNotBlank();
            assertThat(chinese.getProperty(key)).as(key).isNotBlank().isNotEqualTo(english.getProperty(key));
        }
    }

    private static String[] keys() {
        String[] keys = new String[RedirectPolicy.values().length + 1];
        keys[0] = "editor.redirects";
        for (RedirectPolicy policy : RedirectPolicy.values()) {
            keys[policy.ordinal() + 1] = "editor.redirects." + policy.id();
        }
        return keys;
    }

    private static Properties bundle(String file) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = RedirectLabelsTest.class.getResourceAsStream("/io/redcron/desktop/" + file)) {
            assertThat(in).as(file).isNotNull();
            properties.load(new java.io.InputStreamReader(in, StandardCharsets.ISO_8859_1));
        }
        return properties;
    }
}
