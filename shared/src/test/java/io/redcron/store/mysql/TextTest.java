package io.redcron.store.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {

    @Test
    void replacesLoneSurrogatesAndKeepsPairs() {
        assertThat(Text.sanitize("a\ud800b\udc00c🚀\ud83d")).isEqualTo("a\uFFFDb\uFFFDc🚀\uFFFD");
        String clean = "plain 🚀 text";
        assertThat(Text.sanitize(clean)).isSameAs(clean);
        assertThat(Text.sanitize(null)).isNull();
    }

    @Test
    void truncatesByCharacterWithoutSplittingAPair() {
        assertThat(Text.truncate("ab🚀cd", 3)).isEqualTo("ab🚀");
        assertThat(Text.truncate("ab", 3)).isEqualTo("ab");
    }

    @Test
    void escapesLikeWildcardsAndTheEscapeCharacter() {
        assertThat(Like.escape("100%_!x")).isEqualTo("100!%!_!!x");
    }
}
