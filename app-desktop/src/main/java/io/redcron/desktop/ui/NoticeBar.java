package io.redcron.desktop.ui;

import javafx.beans.property.ObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.util.Duration;

import java.time.Instant;
import java.util.function.Supplier;

/**
 * Shows a screen's {@link Notice}: its words, its link if it has one, and a close button. Once a
 * second while on screen it shows the notice's age, and takes it away when it expires; it takes
 * no room while there is none. Usable in FXML; {@link #bind} connects it to a view-model.
 */
public final class NoticeBar extends HBox {
    private static final Duration TICK = Duration.seconds(1);

    private final Label text = new Label();
    private final Hyperlink link = new Hyperlink();
    private final Button close = new Button("\u00d7");
    private ObjectProperty<Notice> notice;
    private Supplier<Instant> now = Instant::now;
    private Messages messages;

    public NoticeBar() {
        getStyleClass().add("notice-bar");
        setSpacing(6);
        setAlignment(Pos.CENTER_LEFT);
        text.getStyleClass().add("success");
        text.setWrapText(true);
        text.setMinHeight(USE_PREF_SIZE);
        text.setId("noticeText");
        link.setId("noticeLink");
        close.setId("noticeClose");
        close.getStyleClass().addAll("flat", "small");
        close.setFocusTraversable(false);
        HBox.setHgrow(text, Priority.SOMETIMES);
        getChildren().addAll(text, link, close);
        setVisible(false);
        managedProperty().bind(visibleProperty());
    }

    /**
     * Shows {@code source}'s notice, aged by {@code clock} (the clock its notices are stamped with);
     * closing or expiry sets {@code source} to null.
     */
    public void bind(ObjectProperty<Notice> source, Supplier<Instant> clock, Messages words) {
        this.notice = source;
        this.now = clock;
        this.messages = words;
        close.setTooltip(new Tooltip(words.get("notice.close")));
        close.setAccessibleText(words.get("notice.close"));
        close.setOnAction(e -> source.set(null));
        link.setOnAction(e -> {
            Notice shown = source.get();
            if (shown != null && shown.link() != null) {
                shown.link().action().run();
            }
        });
        source.addListener((o, old, fresh) -> show());
        WhileShown.repeat(this, TICK, this::show);
        show();
    }

    private void show() {
        Notice shown = notice.get();
        Instant at = now.get();
        if (shown != null && shown.expiredAt(at)) {
            notice.set(null); // comes back here through the listener
            return;
        }
        setVisible(shown != null);
        text.setText(shown == null ? "" : shown.textAt(messages, at));
        boolean linked = shown != null && shown.link() != null;
        link.setText(linked ? shown.link().text() : "");
        link.setVisible(linked);
        link.setManaged(linked);
    }
}
