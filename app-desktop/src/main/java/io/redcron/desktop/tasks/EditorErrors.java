package io.redcron.desktop.tasks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which of the form's problems to show. A field's error waits until the operator has touched the
 * field (left it, or edited it), so a new form does not open covered in red; pressing Save shows
 * them all, since the operator now wants to know everything that stands in the way.
 */
final class EditorErrors {
    private static final Comparator<FieldError> FORM_ORDER = Comparator.comparingInt(
            error -> error.field() == null ? Integer.MAX_VALUE : error.field().ordinal());

    private final Set<EditorField> touched = EnumSet.noneOf(EditorField.class);
    private boolean saveTried;
    private List<FieldError> all = List.of();

    /** Takes the problems the form has now, in any order. */
    void update(List<FieldError> problems) {
        List<FieldError> sorted = new ArrayList<>(problems);
        sorted.sort(FORM_ORDER);
        all = List.copyOf(sorted);
    }

    void touch(EditorField field) {
        touched.add(field);
    }

    /** From now on every problem shows: the operator asked to save. */
    void touchAll() {
        saveTried = true;
    }

    boolean touched(EditorField field) {
        return saveTried || touched.contains(field);
    }

    /** Every problem, shown or not, in the order of the form. */
    List<FieldError> all() {
        return all;
    }

    /**
     * The problems to show, in the order of the form; one about no field on screen shows once Save
     * was pressed.
     */
    List<FieldError> shown() {
        return all.stream().filter(error -> error.field() == null ? saveTried : touched(error.field())).toList();
    }
}
