package io.redcron.node;

import io.redcron.domain.NodeRole;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

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
        for (Set<NodeRole> roles : List.of(EnumSet.allOf(NodeRole.class), Set.of(NodeRole.SCHEDULER),
                Set.of(NodeRole.API))) {
            assertThat(RootGuard.refusal(roles)).startsWith("refusing to run as root: ")
                    .contains("root's rights", "--allow-root", "node.allow-root", "REDCRON_NODE_ALLOW_ROOT")
                    .doesNotContain("\n");
        }
    }

    @Test
    void onlyANodeThatWorksIsToldItsTasksWouldRunAsRoot() {
        assertThat(RootGuard.refusal(Set.of(NodeRole.WORKER))).contains("every task would run with root's rights");
        assertThat(RootGuard.refusal(Set.of(NodeRole.SCHEDULER, NodeRole.API))).contains("this node runs no task")
                .doesNotContain("every task");
        assertThat(RootGuard.warning(Set.of(NodeRole.WORKER))).contains("every task runs with root's rights");
        assertThat(RootGuard.warning(Set.of(NodeRole.API))).doesNotContain("task");
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
