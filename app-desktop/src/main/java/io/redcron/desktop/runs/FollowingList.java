package io.redcron.desktop.runs;

import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;

import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A list of output lines that can keep to its end, and that tells when the operator scrolled it.
 * Only the operator's own moves count (the wheel, the scroll bar, the keys): output that arrives,
 * or the view going to the end for it, never reads as the operator scrolling away.
 */
final class FollowingList {
    private final ListView<String> list;
    private boolean endScheduled;

    private FollowingList(ListView<String> list) {
        this.list = list;
    }

    /** @param scrolled told, after each move of the operator's, whether the last line is in view */
    static FollowingList of(ListView<String> list, Consumer<Boolean> scrolled) {
        FollowingList following = new FollowingList(list);
        list.addEventFilter(ScrollEvent.SCROLL, e -> {
            // Scrolling down cannot leave the end: only up can turn following off.
            boolean up = e.getDeltaY() > 0;
            Platform.runLater(() -> following.tell(scrolled, up));
        });
        list.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> {
            if (onScrollBar(e.getPickResult().getIntersectedNode())) {
                Platform.runLater(() -> following.tell(scrolled, true));
            }
        });
        list.addEventFilter(MouseEvent.MOUSE_DRAGGED, e -> {
            if (onScrollBar(e.getPickResult().getIntersectedNode())) {
                Platform.runLater(() -> following.tell(scrolled, true));
            }
        });
        list.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            KeyCode key = e.getCode();
            if (key == KeyCode.UP || key == KeyCode.PAGE_UP || key == KeyCode.HOME) {
                Platform.runLater(() -> following.tell(scrolled, true));
            } else if (key == KeyCode.DOWN || key == KeyCode.PAGE_DOWN || key == KeyCode.END) {
                Platform.runLater(() -> following.tell(scrolled, false));
            }
        });
        return following;
    }

    /** @param mayLeave whether the move could have left the end (else it can only have reached it) */
    private void tell(Consumer<Boolean> scrolled, boolean mayLeave) {
        boolean atEnd = isAtEnd();
        if (atEnd || mayLeave) {
            scrolled.accept(atEnd);
        }
    }

    private static boolean onScrollBar(Node node) {
        for (Node at = node; at != null; at = at.getParent()) {
            if (at instanceof ScrollBar) {
                return true;
            }
        }
        return false;
    }

    /**
     * Brings the last line into view once the list has taken in the lines that just came: its
     * skin hears of them after this list's listeners.
     */
    void toEndSoon(BooleanSupplier stillFollowing) {
        if (!endScheduled) {
            endScheduled = true;
            Platform.runLater(() -> {
                endScheduled = false;
                // The operator may have scrolled away in the meantime.
                if (stillFollowing.getAsBoolean()) {
                    toEnd();
                }
            });
        }
    }

    /** Brings the last line into view. */
    void toEnd() {
        int last = list.getItems().size() - 1;
        if (last >= 0) {
            // The list's own scrollTo first brings the flow's count of lines up to date (lines may
            // have come since the last layout); the flow's then shows all of the last line.
            list.scrollTo(last);
            flow().ifPresent(flow -> flow.scrollTo(last));
        }
    }

    /** Whether the last line is in view, all of it: the very end of the output. */
    boolean isAtEnd() {
        int count = list.getItems().size();
        if (count == 0) {
            return true;
        }
        return flow().map(flow -> {
            IndexedCell<?> last = flow.getLastVisibleCell();
            if (last == null || last.getIndex() < count - 1) {
                return false;
            }
            double bottom = last.getLayoutY() + last.getHeight();
            ScrollBar across = horizontalBar(flow);
            double visible = flow.getHeight() - (across != null && across.isVisible() ? across.getHeight() : 0);
            return bottom <= visible + 1;
        }).orElse(true);
    }

    private Optional<VirtualFlow<?>> flow() {
        return Optional.ofNullable((VirtualFlow<?>) list.lookup(".virtual-flow"));
    }

    private static ScrollBar horizontalBar(VirtualFlow<?> flow) {
        return flow.getChildrenUnmodifiable().stream().filter(ScrollBar.class::isInstance).map(ScrollBar.class::cast)
                .filter(bar -> bar.getOrientation() == Orientation.HORIZONTAL).findFirst().orElse(null);
    }
}
