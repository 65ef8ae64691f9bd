package io.redcron.desktop.ui;

import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Text;

/**
 * A table cell that shows its value as text and, when the column is too narrow for it, the whole
 * text as a tooltip: a cut value ("2026-12-03 0…") can always be read without resizing.
 */
public class TextCell<R, T> extends TableCell<R, T> {
    private final Tooltip whole = new Tooltip();

    public TextCell() {
        whole.setWrapText(true);
        whole.setMaxWidth(640);
    }

    @Override
    protected void updateItem(T item, boolean empty) {
        super.updateItem(item, empty);
        setText(empty || item == null ? null : item.toString());
        if (getText() == null || getText().isEmpty()) {
            setTooltip(null);
        }
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        // The skin lays out the text it can show; an ellipsis there means the value was cut.
        Node shown = lookup(".text");
        boolean cut = getText() != null && shown instanceof Text text && !getText().equals(text.getText());
        if (cut) {
            whole.setText(getText());
            if (getTooltip() != whole) {
                setTooltip(whole);
            }
        } else if (getTooltip() != null) {
            setTooltip(null);
        }
    }
}
