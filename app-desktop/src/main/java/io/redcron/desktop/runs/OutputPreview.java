package io.redcron.desktop.runs;

import javafx.beans.value.ObservableValue;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;

/**
 * The details pane's short view of the selected run's output. While the operator is at the end
 * it keeps to the end as output comes; once they scroll up or select text, new output moves
 * neither the view nor the selection.
 *
 * <p>A text area scrolls to its caret whenever the caret moves, and appending moves the caret to
 * the end: that is what pulled the view back down. So the caret is put back where it was, and the
 * scroll pane, which keeps its place in pixels when its content grows, stays where it was.
 */
final class OutputPreview {
    private final TextArea area;
    /** Whether the view keeps to the end when the text grows: the operator was at the end at the last change. */
    private boolean keepToEnd = true;
    private boolean watchingHeight;

    private OutputPreview(TextArea area) {
        this.area = area;
    }

    static void show(TextArea area, ObservableValue<String> text) {
        OutputPreview preview = new OutputPreview(area);
        area.setText(text.getValue());
        text.addListener((o, old, now) -> preview.changed(old, now));
    }

    private void changed(String old, String now) {
        ScrollPane pane = scrollPane();
        watchHeight(pane);
        // Another run's output (or none) starts at its end again.
        keepToEnd = old.isEmpty() || now.isEmpty() || pane == null
                || isAtEnd(pane) && area.getSelection().getLength() == 0;
        int anchor = area.getAnchor();
        int caret = area.getCaretPosition();
        if (!old.isEmpty() && now.startsWith(old)) {
            area.appendText(now.substring(old.length()));
        } else {
            area.setText(now);
        }
        if (keepToEnd) {
            area.positionCaret(area.getLength());
            if (pane != null) {
                pane.setVvalue(pane.getVmax());
            }
        } else {
            area.selectRange(Math.min(anchor, area.getLength()), Math.min(caret, area.getLength()));
        }
    }

    /**
     * The new text gets its height in a later layout pass than the one after the change; only
     * then does the end of the text have its place, so the view goes there then.
     */
    private void watchHeight(ScrollPane pane) {
        if (watchingHeight || pane == null || pane.getContent() == null) {
            return;
        }
        watchingHeight = true;
        pane.getContent().layoutBoundsProperty().addListener((o, was, now) -> {
            if (keepToEnd && now.getHeight() != was.getHeight()) {
                pane.setVvalue(pane.getVmax());
            }
        });
    }

    /** Whether the last line is in view (or all of the text is). */
    private static boolean isAtEnd(ScrollPane pane) {
        if (pane.getContent() == null || pane.getViewportBounds() == null) {
            return true;
        }
        double hidden = pane.getContent().getLayoutBounds().getHeight() - pane.getViewportBounds().getHeight();
        return hidden <= 1 || pane.getVvalue() >= pane.getVmax() - 1e-9;
    }

    private ScrollPane scrollPane() {
        return area.lookup(".scroll-pane") instanceof ScrollPane pane ? pane : null;
    }
}
