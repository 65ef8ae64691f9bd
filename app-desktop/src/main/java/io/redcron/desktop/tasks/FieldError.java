package io.redcron.desktop.tasks;

/**
 * One problem of the form, in the words of the form.
 *
 * @param field the field it is about; null when the form has no field for it (it then shows only
 *              in the summary)
 */
public record FieldError(EditorField field, String message) {
}
