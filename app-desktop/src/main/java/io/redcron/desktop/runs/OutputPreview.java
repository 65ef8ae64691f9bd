package io.redcron.desktop.runs;

import javafx.beans.value.ObservableValue;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;

/**
 * The details pane's short view of the selected run's output. While the operator is at the end
 * it keeps to the end as output comes; once they scroll up or select text, new output neither
 * moves the view nor the selection.
 */
final class OutputPreview {
    private final TextArea area;

    private OutputPreview(TextArea area) {
        this.area = area;
    }

    static void show(TextArea area, ObservableValue<String> text) {
        OutputPreview preview = new OutputPreview(area);
        area.setText(text.getValue());
        text.addListener((o, old, now) -> preview.changed(old, now));
    }

    private void changed(String old, String now) {
        boolean appended = !old.isEmpty() && now.startsWith(old);
        if (isAtEnd() && area.getSelection().getLength() == 0) {
            if (appended) {
                area.appendText(now.substring(old.length()));
            } else {
                area.setText(now);
            }
            area.positionCaret(area.getLength());
            area.setScrollTop(Double.MAX_VALUE);
            return;
        }
        int anchor = area.getAnchor();
        int caret = area.getCaretPosition();
        double fromTop = area.getScrollTop();
        if (appended) {
            // Appending moves the caret to the end, and the text area scrolls to its caret: put it back.
            area.appendText(now.substring(old.length()));
            area.selectRange(anchor, caret);
        } else {
            area.setText(now);
        }
        keepAfterLayout(fromTop);
    }

    /** Whether the last line is in view (or all of the text is). */
    private boolean isAtEnd() {
        ScrollPane pane = scrollPane();
        if (pane == null || pane.getContent() == null || pane.getViewportBounds() == null) {
            return true;
        }
        double hidden = pane.getContent().getLayoutBounds().getHeight() - pane.getViewportBounds().getHeight();
        return hidden <= 1 || pane.getVvalue() >= pane.getVmax() - 1e-9;
    }

    /**
     * The text area's scroll pane keeps its position as a fraction of the content's height, so
     * longer content would show other lines: once the new text is laid out, the same pixels go back on top.
     */
    private void keepAfterLayout(double fromTop) {
        Scene scene = area.getScene();
        if (scene == null) {
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            ScrollPane pane = scrollPane();
            if (pane != null && pane.getContent() != null && pane.getViewportBounds() != null) {
                double hidden = pane.getContent().getLayoutBounds().getHeight() - pane.getViewportBounds().getHeight();
                pane.setVvalue(hidden <= 0 ? 0 : Math.min(pane.getVmax(), fromTop / hidden * pane.getVmax()));
            }
        };
        scene.addPostLayoutPulseListener(once[0]);
        area.requestLayout();
    }

    private ScrollPane scrollPane() {
        return area.lookup(".scroll-pane") instanceof ScrollPane pane ? pane : null;
    }
}
