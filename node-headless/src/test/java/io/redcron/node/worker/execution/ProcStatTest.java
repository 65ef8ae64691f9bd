package io.redcron.node.worker.execution;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ProcStatTest {

    @Test
    void readsStateAndSessionAfterTheLastParenthesis() {
        // A command name may hold ") " and digits of its own.
        ProcStat stat = parse("4242 (evil) 1 2 3) S 17 4242 999 0 -1 4194560 110 0 0 0 3 1 0 0 20 0 1 0 123 0 0");

        assertThat(stat).isEqualTo(new ProcStat('S', 999));
        assertThat(stat.running()).isTrue();
    }

    @Test
    void aZombieOrADeadProcessIsNotRunning() {
        assertThat(parse("77 (sleep) Z 1 77 77 0 -1 0").running()).isFalse();
        assertThat(parse("77 (sleep) X 1 77 77 0 -1 0").running()).isFalse();
    }

    @Test
    void aLineCutShortOrGarbledIsNoAnswer() {
        assertThat(parse("")).isNull();
        assertThat(parse("77 (sleep")).isNull();
        assertThat(parse("77 (sleep) S 1 77")).isNull();
        assertThat(parse("77 (sleep) S 1 x 77 0")).isNull();
    }

    @Test
    void readsThisProcessAndNothingForOneThatIsGone() throws IOException {
        ProcStat self = ProcStat.read(ProcessHandle.current().pid(), new byte[ProcStat.BUFFER_BYTES]);

        assertThat(self).isNotNull();
        assertThat(self.running()).isTrue();
        // The session may be 0 where the session's leader is outside this pid namespace (a
        // container), so compare with the file read the plain way rather than with a sign.
        assertThat(self.session()).isEqualTo(sessionOfThisProcess());
        assertThat(ProcStat.read(Long.MAX_VALUE, new byte[ProcStat.BUFFER_BYTES])).isNull();
    }

    @Test
    void onlyDigitsNameAProcess() {
        assertThat(ProcStat.isPid("4242")).isTrue();
        assertThat(ProcStat.isPid("self")).isFalse();
        assertThat(ProcStat.isPid("42a")).isFalse();
        assertThat(ProcStat.isPid("")).isFalse();
    }

    private static long sessionOfThisProcess() throws IOException {
        String line = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
        String[] fields = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(fields[3]); // state, ppid, pgrp, session
    }

    private static ProcStat parse(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        return ProcStat.parse(bytes, bytes.length);
    }
}
