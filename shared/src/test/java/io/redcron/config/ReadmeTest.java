package io.redcron.config;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The README's configuration reference is the settings table; this keeps them in step. */
class ReadmeTest {

    @Test
    void everySettingIsDocumentedWithItsDefault() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));

        for (Setting setting : Setting.values()) {
            String value = setting.defaultValue().isEmpty() ? "(none)" : "`" + setting.defaultValue() + "`";
            assertThat(readme).as(setting.key()).contains("| `" + setting.key() + "` | " + value + " | ");
        }
    }
}
