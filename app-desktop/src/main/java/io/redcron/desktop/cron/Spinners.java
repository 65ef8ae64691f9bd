package io.redcron.desktop.cron;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.value.ObservableIntegerValue;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;

import java.util.List;

/** Ties integer spinners to view-model properties. */
final class Spinners {
    private Spinners() {
    }

    /**
     * Binds both ways; the object view of the property goes into {@code keep}, because a
     * bidirectional binding holds its ends only weakly.
     */
    static Spinner<Integer> bind(Spinner<Integer> spinner, IntegerProperty value, ObservableIntegerValue min,
                                 ObservableIntegerValue max, List<Object> keep) {
        SpinnerValueFactory.IntegerSpinnerValueFactory factory =
                new SpinnerValueFactory.IntegerSpinnerValueFactory(min.get(), max.get(), value.get());
        factory.minProperty().bind(min);
        factory.maxProperty().bind(max);
        ObjectProperty<Integer> boxed = value.asObject();
        keep.add(boxed);
        spinner.setValueFactory(factory);
        spinner.setEditable(true);
        factory.valueProperty().bindBidirectional(boxed);
        // A typed number counts once the field loses focus, not only on Enter.
        spinner.focusedProperty().addListener((o, was, is) -> {
            if (!is) {
                spinner.increment(0);
            }
        });
        return spinner;
    }

    static Spinner<Integer> bind(Spinner<Integer> spinner, IntegerProperty value, int min, int max, List<Object> keep) {
        return bind(spinner, value, new SimpleIntegerProperty(min),
                new SimpleIntegerProperty(max), keep);
    }
}
