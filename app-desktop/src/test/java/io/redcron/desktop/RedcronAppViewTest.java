package io.redcron.desktop;

import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class RedcronAppViewTest {
    private static Locale previous;

    @BeforeAll
    static void english() {
        previous = Locale.getDefault();
        Locale.setDefault(Locale.ENGLISH);
    }

    @AfterAll
    static void restore() {
        Locale.setDefault(previous);
    }

    @Start
    void start(Stage stage) {
        new RedcronApp().start(stage);
    }

    @Test
    void windowShowsTheProductName(FxRobot robot) {
        assertThat(robot.lookup("#title").queryAs(Label.class).getText()).isEqualTo("Redcron");
        assertThat(robot.lookup("#subtitle").queryAs(Label.class).getText()).contains("Distributed cron");
        assertThat(robot.listWindows()).hasSize(1);
    }
}
