package io.redcron.desktop.runs;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** When an output view keeps to its newest line, and when it leaves the operator where they are. */
class FollowStateTest {
    private final FollowState follow = new FollowState();

    @Test
    void followsFromTheStart() {
        assertThat(follow.isFollowing()).isTrue();
        assertThat(follow.liveProperty().get()).isTrue();
    }

    @Test
    void scrollingUpStopsFollowingAndOnlyTheEndOrTheToggleStartsItAgain() {
        follow.scrolled(false);
        assertThat(follow.isFollowing()).isFalse();

        follow.scrolled(false);
        assertThat(follow.isFollowing()).as("still away from the end").isFalse();

        follow.scrolled(true);
        assertThat(follow.isFollowing()).as("back at the very end").isTrue();

        follow.scrolled(false);
        follow.followingProperty().set(true);
        assertThat(follow.isFollowing()).as("the toggle").isTrue();
    }

    @Test
    void theEndOfTheRunStopsFollowingForGood() {
        follow.ended();

        assertThat(follow.isFollowing()).isFalse();
        assertThat(follow.liveProperty().get()).isFalse();
        follow.followingProperty().set(true);
        follow.scrolled(true);
        assertThat(follow.isFollowing()).as("nothing more will come").isFalse();
    }
}
