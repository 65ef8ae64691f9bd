package io.redcron.desktop.queues;

import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The live refresh changes table rows in place, so that rows still there keep their selection. */
class ListSyncTest {

    @Test
    void endsEqualToTheFreshListWhateverTheOrder() {
        List<List<String>> cases = List.of(List.of(), List.of("a"), List.of("c", "b", "a"), List.of("x", "a", "y"),
                List.of("b", "b", "a"), List.of("d", "e"));
        for (List<String> before : cases) {
            for (List<String> after : cases) {
                ObservableList<String> target = FXCollections.observableArrayList(before);
                QueuesViewModel.sync(target, after);
                assertThat(target).as(before + " -> " + after).containsExactlyElementsOf(after);
            }
        }
    }

    @Test
    void aNewestEntryOnTopIsOneInsertionAndNoReplace() {
        ObservableList<String> target = FXCollections.observableArrayList("b", "a");
        List<String> changes = new ArrayList<>();
        target.addListener((ListChangeListener<String>) change -> {
            while (change.next()) {
                changes.add((change.wasReplaced() ? "replaced " : change.wasAdded() ? "added " : "removed ")
                        + change.getFrom());
            }
        });

        QueuesViewModel.sync(target, List.of("c", "b", "a"));
        QueuesViewModel.sync(target, List.of("c", "b", "a"));

        assertThat(changes).containsExactly("added 0");
    }

    @Test
    void aFailureIsOneLineFromTheFirstMessageAlongItsCauses() {
        Exception failure = new RuntimeException(null, new IllegalStateException("Connection refused\n\tat somewhere"));

        assertThat(QueuesViewModel.oneLine(failure)).isEqualTo("Connection refused");
        assertThat(QueuesViewModel.oneLine(new NullPointerException())).isEqualTo("NullPointerException");
    }
}
