package io.redcron.desktop.runs;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * Whether an output view keeps to its newest line. The operator decides: scrolling away from the
 * end turns following off and nothing but the operator turns it on again (the toggle, or
 * scrolling back to the very end), so new output never pulls the view away from what is being
 * read. Once the run has ended there is nothing left to follow.
 */
final class FollowState {
    private final BooleanProperty following = new SimpleBooleanProperty(true) {
        @Override
        public void set(boolean value) {
            // Nothing more comes after the end: the toggle cannot turn following back on.
            super.set(value && live.get());
        }
    };
    private final ReadOnlyBooleanWrapper live = new ReadOnlyBooleanWrapper(true);

    /** The operator moved the view; {@code atEnd} says whether the newest line is in view now. */
    void scrolled(boolean atEnd) {
        following.set(atEnd);
    }

    /** The run ended (or was never running): following stops for good. */
    void ended() {
        live.set(false);
        following.set(false);
    }

    /** The toggle's state, which the operator may also set directly. */
    BooleanProperty followingProperty() {
        return following;
    }

    boolean isFollowing() {
        return following.get();
    }

    /** Whether more output may still come. */
    ReadOnlyBooleanProperty liveProperty() {
        return live.getReadOnlyProperty();
    }
}
