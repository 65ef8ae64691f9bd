package io.redcron.desktop.cron;

import io.redcron.schedule.CronDialect;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The picker of one field. It shows what the expression says ({@link #show}); when the user
 * changes it, it tells the builder, which writes the field back into the expression.
 */
public final class CronFieldModel {
    private final CronPart part;
    private final ObjectProperty<FieldForm> form = new SimpleObjectProperty<>(FieldForm.EVERY);
    private final IntegerProperty from = new SimpleIntegerProperty();
    private final IntegerProperty to = new SimpleIntegerProperty();
    private final IntegerProperty step = new SimpleIntegerProperty();
    private final IntegerProperty n = new SimpleIntegerProperty();
    private final StringProperty list = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("*");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper present = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyIntegerWrapper low = new ReadOnlyIntegerWrapper();
    private final ReadOnlyIntegerWrapper high = new ReadOnlyIntegerWrapper();
    private final ObservableList<FieldForm> choices = FXCollections.observableArrayList();
    private CronDialect dialect = CronDialect.UNIX;
    private boolean names;
    private String customText = "*";
    private boolean showing;
    /** Whether from and to hold a range the user has seen, so switching back to a range keeps it. */
    private boolean rangeKnown;
    private final int thisYear;

    CronFieldModel(CronPart part, int thisYear, Consumer<CronPart> edited) {
        this.part = part;
        this.thisYear = thisYear;
        from.set(part.low(dialect));
        to.set(part.high(dialect));
        step.set(part == CronPart.SECOND || part == CronPart.MINUTE ? 5 : 2);
        n.set(part == CronPart.DAY_OF_WEEK ? 1 : 0);
        list.set(String.valueOf(part.low(dialect)));
        // Registered first, so the field is written with the fresh range, not the leftover one.
        form.addListener((o, old, now) -> {
            if (!showing && now == FieldForm.RANGE && !rangeKnown) {
                startRange();
            }
        });
        for (ObservableValue<?> value : List.of(form, from, to, step, n, list)) {
            value.addListener((o, old, now) -> {
                if (!showing && now != null) {
                    edited.accept(part);
                }
            });
        }
    }

    private void startRange() {
        CronPart.Range range = part.defaultRange(dialect, thisYear);
        showing = true;
        try {
            from.set(range.from());
            to.set(range.to());
            names = range.names();
        } finally {
            showing = false;
        }
        rangeKnown = true;
    }

    /** Shows a field's text: in the matching picker, or as custom text when no picker can show it. */
    void show(String fieldText, CronDialect inDialect) {
        showing = true;
        try {
            dialect = inDialect;
            present.set(part.existsIn(inDialect));
            low.set(part.low(inDialect));
            high.set(part.high(inDialect));
            FieldState state = new FieldSyntax(part, inDialect).read(fieldText, state());
            List<FieldForm> available = new ArrayList<>(FieldForm.choices(part, inDialect));
            if (state.form() == FieldForm.CUSTOM) {
                available.add(FieldForm.CUSTOM);
                customText = fieldText;
            }
            if (!choices.equals(available)) {
                choices.setAll(available);
            }
            names = state.names();
            rangeKnown = state.form() == FieldForm.RANGE;
            from.set(state.from());
            to.set(state.to());
            step.set(state.step());
            n.set(state.n());
            list.set(state.list());
            form.set(state.form());
            text.set(fieldText);
        } finally {
            showing = false;
        }
    }

    /** The field's text for what the picker shows now. */
    String write() {
        return new FieldSyntax(part, dialect).write(state());
    }

    void written(String fieldText) {
        text.set(fieldText);
    }

    void setError(String message) {
        error.set(message);
    }

    private FieldState state() {
        FieldForm current = form.get() == null ? FieldForm.CUSTOM : form.get();
        return new FieldState(current, from.get(), to.get(), step.get(), n.get(), list.get(), names, customText);
    }

    public CronPart part() { return part; }
    public boolean isCustom() { return form.get() == FieldForm.CUSTOM; }
    public ObjectProperty<FieldForm> formProperty() { return form; }
    public IntegerProperty fromProperty() { return from; }
    public IntegerProperty toProperty() { return to; }
    public IntegerProperty stepProperty() { return step; }
    public IntegerProperty nProperty() { return n; }
    public StringProperty listProperty() { return list; }
    public ReadOnlyStringProperty textProperty() { return text.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty presentProperty() { return present.getReadOnlyProperty(); }
    /** The lowest and highest value of the field in the current dialect's numbering. */
    public ReadOnlyIntegerProperty lowProperty() { return low.getReadOnlyProperty(); }
    public ReadOnlyIntegerProperty highProperty() { return high.getReadOnlyProperty(); }
    public ObservableList<FieldForm> choices() { return choices; }
}
