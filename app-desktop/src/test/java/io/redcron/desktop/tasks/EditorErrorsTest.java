package io.redcron.desktop.tasks;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class EditorErrorsTest {
    private final EditorErrors errors = new EditorErrors();
    private final FieldError retries = new FieldError(EditorField.RETRIES, "Retries must be between 0 and 99, got -3");
    private final FieldError name = new FieldError(EditorField.NAME, "Name is required");
    private final FieldError zone = new FieldError(EditorField.ZONE, "Time zone is required");
    private final FieldError namespace = new FieldError(null, "namespace: 'a b' is not valid");

    @Test
    void nothingShowsBeforeAFieldIsTouched() {
        errors.update(List.of(retries, name, zone));

        assertThat(errors.shown()).isEmpty();
        assertThat(errors.all()).hasSize(3);
    }

    @Test
    void aTouchedFieldShowsItsErrorAndOnlyItsError() {
        errors.update(List.of(retries, name, zone));
        errors.touch(EditorField.ZONE);

        assertThat(errors.shown()).containsExactly(zone);
        assertThat(errors.touched(EditorField.ZONE)).isTrue();
        assertThat(errors.touched(EditorField.NAME)).isFalse();
    }

    @Test
    void aTouchedFieldWithoutAnErrorShowsNothing() {
        errors.update(List.of(retries));
        errors.touch(EditorField.NAME);

        assertThat(errors.shown()).isEmpty();
    }

    @Test
    void pressingSaveShowsEveryErrorInTheOrderOfTheForm() {
        errors.update(List.of(namespace, retries, zone, name));
        errors.touchAll();

        assertThat(errors.shown()).containsExactly(name, zone, retries, namespace);
    }

    @Test
    void anErrorAboutNoFieldWaitsForSave() {
        errors.update(List.of(namespace));
        errors.touch(EditorField.NAME);
        assertThat(errors.shown()).isEmpty();

        errors.touchAll();
        assertThat(errors.shown()).containsExactly(namespace);
    }

    @Test
    void aFixedErrorDisappearsAndTheTouchIsRemembered() {
        errors.update(List.of(retries));
        errors.touch(EditorField.RETRIES);
        errors.update(List.of());
        assertThat(errors.shown()).isEmpty();

        errors.update(List.of(retries));
        assertThat(errors.shown()).containsExactly(retries);
    }
}
