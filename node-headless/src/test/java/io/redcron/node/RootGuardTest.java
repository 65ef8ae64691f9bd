package io.redcron.node;

import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

class RootGuardTest {

    @Test
    void aNodeRefusesRootUnlessAllowed() {
        assertThat(RootGuard.forNode(OptionalLong.of(0), false)).isEqualTo(RootGuard.Verdict.REFUSE);
        assertThat(RootGuard.forNode(OptionalLong.of(0), true)).isEqualTo(RootGuard.Verdict.WARN);
    }

    @Test
    void anyOtherUserGoesAhead() {
        assertThat(RootGuard.forNode(OptionalLong.of(998), false)).isEqualTo(RootGuard.Verdict.GO);
        assertThat(RootGuard.forNode(OptionalLong.of(1000), true)).isEqualTo(RootGuard.Verdict.GO);
        assertThat(RootGuard.forNode(OptionalLong.empty(), false)).isEqualTo(RootGuard.Verdict.GO);
    }

    @Test
    void theSandboxOnlyWarnsAsRoot() {
        assertThat(RootGuard.forSandbox(OptionalLong.of(0))).isEqualTo(RootGuard.Verdict.WARN);
        assertThat(RootGuard.forSandbox(OptionalLong.of(1000))).isEqualTo(RootGuard.Verdict.GO);
    }

    @Test
    void theRefusalSaysWhyAndHowToOverrideInOneLine() {
        assertThat(RootGuard.refusal()).contains("root's rights", "--allow-root", "node.allow-root",
                "REDCRON_NODE_ALLOW_ROOT").doesNotContain("\n");
    }

    @Test
    void theCurrentUidIsReadOnLinux() {
        long expected = "root".equals(System.getProperty("user.name")) ? 0 : -1;
        if (expected == 0) {
            assertThat(RootGuard.currentUid()).hasValue(0);
        } else {
            assertThat(RootGuard.currentUid()).isNotEqualTo(OptionalLong.of(0));
        }
    }
}
